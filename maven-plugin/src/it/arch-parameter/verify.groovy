// <arch>v12</arch>: the program is assembled for v12, which its JSON output names.
def json = new File(basedir, 'target/generated-resources/csf/stream.json').text
assert json.contains('"arch": "v12"')
assert new File(basedir, 'target/csf-build-records/stream.csf.json.json').text.contains('arch v12')
return true
