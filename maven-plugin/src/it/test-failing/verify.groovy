// A failing stream fails the build with its file:line, and the Surefire XML says which expectation failed.
def log = new File(basedir, 'build.log').text
assert log.contains('[ERROR] src/test/csf/fail.csf:5: r4 == 5: got 7 (0x7), expected 5 (0x5)') : log
assert log.contains('csf: 1 passed, 1 failed')
assert log.contains('1 CSF test stream(s) failed; see the lines above')
def xml = new File(basedir, 'target/surefire-reports/TEST-csf.xml').text
assert xml =~ /<testsuite name="csf" tests="2" failures="1"/ : xml
assert xml =~ /<testcase name="fail.csf" [^>]*>\s*<failure message="src\/test\/csf\/fail.csf:5: r4 == 5: got 7 \(0x7\), expected 5 \(0x5\)"/ : xml
assert xml =~ /<testcase name="pass.csf" [^>]*\/>/ : xml
return true
