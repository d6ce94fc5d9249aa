// Each hostile input ends as its stream's own message (or the source's error), with no stack trace; nothing
// is written over a stream, an include or outside the project; the build ends and fails.
def log = new File(basedir, 'build.log').text
assert !log.contains('\tat ') : 'a stack trace in the build log'
assert !(log =~ /[A-Z][A-Za-z]*(Exception|Error)\b/) : (log =~ /.*[A-Z][A-Za-z]*(Exception|Error)\b.*/)[0]
assert !log.contains('internal error') : log
assert log.contains('zero.csf') && log.contains('fifo.csf') : 'the device and the FIFO are not named'
assert log.contains('refusing to write golden') : log
assert log.contains('would overwrite the input') : log
assert log.contains('larger than the target: not compared') : log
assert log.contains('include cycle') : log
assert !new File(basedir, '../outside.png').exists() && !new File(basedir, 'outside.png').exists()
def sums = new File(basedir, 'sums.txt').withObjectInputStream { it.readObject() }
sums.each { path, b64 -> assert new File(path).bytes.encodeBase64().toString() == b64 : "${path} was changed" }
return true
