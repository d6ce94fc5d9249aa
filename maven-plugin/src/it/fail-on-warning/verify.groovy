// The warning is part of the result: shown by the first build, shown again by the second (whose output was
// up to date) and fatal there, with a message that says why.
def log = new File(basedir, 'build.log').text
def warning = /\[WARNING\] [^\n]*warn\.csf:1:1: warning: label 'unused' is never used/
assert (log =~ warning).count == 2 : log
assert log.contains('csf: assembled 1 of 1 source file(s)')
assert log.contains('1 CSF source file(s) have warnings, treated as errors (failOnWarning); see the warnings above')
assert !log.contains('see the errors above')
return true
