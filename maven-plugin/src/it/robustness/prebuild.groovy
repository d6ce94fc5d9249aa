// A link to /dev/zero and a FIFO among the main sources: neither may be opened (it would never end).
def main = new File(basedir, 'src/main/csf')
java.nio.file.Files.createSymbolicLink(new File(main, 'zero.csf').toPath(), java.nio.file.Path.of('/dev/zero'))
def p = ['mkfifo', new File(main, 'fifo.csf').path].execute()
p.waitFor()
assert p.exitValue() == 0
// what the goals must leave as it is
new File(basedir, 'inputs.txt').text = new File(basedir, 'src').listFiles().collect { it.path }.join('\n')
def sums = [:]
new File(basedir, 'src/test/csf').eachFileRecurse { f -> if (f.isFile()) sums[f.path] = f.bytes.encodeBase64().toString() }
new File(basedir, 'sums.txt').withObjectOutputStream { it.writeObject(sums) }
return true
