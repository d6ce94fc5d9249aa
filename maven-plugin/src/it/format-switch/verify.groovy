// Two builds (invoker.properties): switching the format from bin to hex removes the bin the first build left,
// in the generated resources and in the classes the resources were copied to (what would be packaged).
def log = new File(basedir, 'build.log').text
def summaries = (log =~ /csf: assembled (\d+) of 1 source file\(s\)[^\n]*/).collect { it[0] }
assert summaries.size() == 2 : summaries
assert summaries[1].startsWith('csf: assembled 1 of 1') : summaries

for (dir in ['target/generated-resources/csf', 'target/classes']) {
    assert new File(basedir, "${dir}/clear.hex").isFile() : "${dir}/clear.hex is missing"
    assert !new File(basedir, "${dir}/clear.bin").exists() : "a stale ${dir}/clear.bin is left behind"
}
assert log.contains('its source is gone or its format changed')
return true
