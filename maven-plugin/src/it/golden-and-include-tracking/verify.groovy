// Six builds (invoker.properties): a deleted golden is noticed although the source did not change, a golden
// turned FIFO and an include turned link to /dev/zero fail the build with a clear error instead of hanging it.
def log = new File(basedir, 'build.log').text
def summaries = (log =~ /csf: assembled (\d+) of 1 source file\(s\)[^\n]*/).collect { it[0] }
assert summaries.size() == 3 : summaries
summaries.each { assert it.startsWith('csf: assembled 1 of 1') : "an edit was not noticed: ${summaries}" }

def errors = (log =~ /\[ERROR\] ([^\n]*main\.csf:\d+:\d+: error: [^\n]*)/).collect { it[1] }
assert errors[0].contains('golden image ../golden/red.png cannot be read (no such file') : errors
assert errors[1].contains('golden image ../golden/red.png cannot be read (not a regular file') : errors
assert errors[2].contains('cannot read "../csf-include/defs.csf": not a regular file (a device or FIFO)') : errors
assert log.count('1 CSF source file(s) failed to assemble') == 3
assert !new File(basedir, 'target/generated-resources/csf/main.bin').exists() : 'a stale main.bin is left behind'
return true
