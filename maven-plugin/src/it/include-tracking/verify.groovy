// Four builds of one project (invoker.properties): an edit to an included file rebuilds the binary, a broken
// include fails the build and leaves no stale binary behind.
def log = new File(basedir, 'build.log').text
def summaries = (log =~ /csf: assembled (\d+) of 1 source file\(s\)[^\n]*/).collect { it[0] }
assert summaries.size() == 3 : summaries
assert summaries[0].startsWith('csf: assembled 1 of 1') : summaries
assert summaries[1].startsWith('csf: assembled 0 of 1') && summaries[1].endsWith('(1 up to date)') : summaries
assert summaries[2].startsWith('csf: assembled 1 of 1') : "the edited include was not noticed: ${summaries}"

// the third build's binary, copied as a resource before the fourth build failed: VALUE is now 2
def bytes = new File(basedir, 'target/classes/main.bin').bytes
assert bytes.length == 8
assert bytes[0] == 2 && bytes[6] == 1 && bytes[7] == 2 : bytes

assert log =~ /defs\.csf:1:\d+: error: /
assert log.contains('1 CSF source file(s) failed to assemble')
assert !new File(basedir, 'target/generated-resources/csf/main.bin').exists() : 'a stale main.bin is left behind'
return true
