import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * A build step of {@code csf.jar} (run by the cli module's pom after shading, with ASM on the class path): rewrites
 * every class file in the jar older than Java 6 (major version below 50; picocli's are Java 5's 49) as a Java 8
 * class file (52) with stack-map frames computed, and leaves the others byte for byte. Java 17 neither verifies
 * classes that old by type checking (they take the old inference verifier, a sixth of a small run's main
 * thread) nor stores them verified in a class-data archive. The code is unchanged: only the version and the
 * frames are new.
 *
 * <p>Usage: {@code java -cp asm.jar ClassFileUpgrade.java JAR}. The jar is replaced through a temporary file and
 * a rename; entries keep their order and times.
 */
public final class ClassFileUpgrade {

    /** Java 6's class-file version, the first verified by type checking and archived verified. */
    private static final int TYPE_CHECKED = 50;

    private ClassFileUpgrade() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java -cp asm.jar ClassFileUpgrade.java JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        Path upgraded = jar.resolveSibling(jar.getFileName() + ".upgrading");
        int count = 0;
        // The jar's own classes resolve the common superclasses frames need; the JDK's come from the platform.
        try (URLClassLoader classes = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                     ClassLoader.getPlatformClassLoader());
             ZipFile in = new ZipFile(jar.toFile());
             OutputStream file = Files.newOutputStream(upgraded);
             ZipOutputStream out = new ZipOutputStream(file)) {
            for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                byte[] bytes;
                try (InputStream data = in.getInputStream(entry)) {
                    bytes = data.readAllBytes();
                }
                if (entry.getName().endsWith(".class") && majorVersion(bytes) < TYPE_CHECKED) {
                    bytes = upgrade(bytes, classes);
                    count++;
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(upgraded);
            throw e;
        }
        Files.move(upgraded, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("ClassFileUpgrade: " + count + " class files of " + jar.getFileName()
                + " rewritten as version 52 with stack-map frames");
    }

    private static int majorVersion(byte[] classFile) {
        return (classFile[6] & 0xff) << 8 | (classFile[7] & 0xff);
    }

    /** The class as version 52 with frames; a JSR/RET instruction (none since Java 6's javac) fails the build. */
    private static byte[] upgrade(byte[] classFile, ClassLoader classes) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return classes;
            }
        };
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
            }
        }, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
