// An architecture the plugin does not know fails the build, naming the choices.
def log = new File(basedir, 'build.log').text
assert log.contains("csf: arch: expected one of v10, v12, v13, got 'v11'")
assert !new File(basedir, 'target/generated-resources/csf/stream.json').exists()
return true
