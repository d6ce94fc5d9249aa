// Each hostile input ends as its stream's own message (or the source's error), with no stack trace; nothing
// is written over a stream, an include or outside the project; the build ends and fails.
def log = new File(basedir, 'build.log').readLines().findAll { !it.contains('cwiki.apache.org') }.join('\n') // Maven's own help link
assert !log.contains('\tat ') : 'a stack trace in the build log'
assert !(log =~ /[A-Z][A-Za-z]*(Exception|Error)\b/) : (log =~ /.*[A-Z][A-Za-z]*(Exception|Error)\b.*/)[0]
assert !log.contains('internal error') : log
// the link to /dev/zero and the FIFO are not sources: never opened, the build goes on with the one file
assert log.contains('csf: assembled 1 of 1 source file(s)') : log
assert log.contains('zero.csf matches the includes but is not a regular file') : log // named, not skipped in silence
assert log.contains('fifo.csf matches the includes but is not a regular file') : log
assert log.contains('refusing to write golden') : log
assert log.contains('would overwrite the input') : log
assert log.contains('wrote golden src/test/csf/golden/huge.png (16x16)') : log // read by its header only, then replaced
assert log.contains('include cycle') : log
assert !new File(basedir, '../outside.png').exists() && !new File(basedir, 'outside.png').exists()
def sums = new File(basedir, 'sums.txt').withObjectInputStream { it.readObject() }
// goldens are what updateGolden writes (golden/huge.png, refused as larger than the target, is written anew)
sums.findAll { path, b64 -> !path.contains('/golden/') }
    .each { path, b64 -> assert new File(path).bytes.encodeBase64().toString() == b64 : "${path} was changed" }
return true
