// The plugin assembled both sources, kept their relative paths, and Maven copied them as resources.
def generated = new File(basedir, 'target/generated-resources/csf')

def words(File f) {
    def bytes = f.bytes
    assert bytes.length % 8 == 0 : "${f} is not whole instructions"
    (0..<(bytes.length / 8)).collect { i ->
        long w = 0
        for (int b = 7; b >= 0; b--) { w = (w << 8) | (bytes[i * 8 + b] & 0xff) }
        String.format('%016x', w)
    }
}

assert words(new File(generated, 'clear.bin')) == ['022a000000000000', '0000000000000000']
assert words(new File(generated, 'sub/loop.bin')) == ['10040400ffffffff', '160004003000fffe']
assert new File(basedir, 'target/classes/sub/loop.bin').bytes == new File(generated, 'sub/loop.bin').bytes
return true
