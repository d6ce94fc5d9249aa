// A misspelt mnemonic fails the build with the compiler-style location of the problem.
def log = new File(basedir, 'build.log').text
assert log =~ /bad\.csf:2:5: error: /
assert log.contains('BRANCH')
assert !new File(basedir, 'target/generated-resources/csf/bad.bin').exists()
return true
