// Five builds (invoker.properties): every stream runs once, then only what an edit touched, a -Dcsf.test
// glob picks streams, -DskipTests skips them; each run leaves Surefire XML behind.
def log = new File(basedir, 'build.log').text
def summaries = (log =~ /csf: (\d+ passed, \d+ failed[^\n;]*)/).collect { it[1] }
assert summaries.size() == 4 : summaries
assert summaries[0] == '2 passed, 0 failed, 1 skipped' : summaries
assert summaries[1] == '2 passed, 0 failed, 1 skipped (2 up to date, not run again)' : summaries
assert summaries[2] == '2 passed, 0 failed, 1 skipped (1 up to date, not run again)' : "the edited include was not noticed: ${summaries}"
assert summaries[3] == '1 passed, 0 failed, 2 skipped' : summaries
assert log.contains('csf: test streams are skipped')

def xml = new File(basedir, 'target/surefire-reports/TEST-csf.xml').text
assert xml =~ /<testsuite name="csf" tests="1" failures="0"/ : xml
assert (xml =~ /<testcase name="([^"]+)" classname="([^"]+)"/).collect { it[2] + '/' + it[1] } == ['csf.sub/count.csf'] : xml
return true
