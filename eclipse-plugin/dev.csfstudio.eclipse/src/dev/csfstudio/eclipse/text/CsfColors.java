package dev.csfstudio.eclipse.text;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;


/** Colours and styles of the token kinds (registry-managed, shared by all CSF editors). */
public final class CsfColors {

    private static final Map<TokenKind, RGB> RGBS = new EnumMap<>(TokenKind.class);
    private static final Map<TokenKind, Integer> STYLES = new EnumMap<>(TokenKind.class);

    static {
        RGBS.put(TokenKind.COMMENT, new RGB(63, 127, 95));
        RGBS.put(TokenKind.STRING, new RGB(42, 0, 255));
        RGBS.put(TokenKind.LABEL, new RGB(128, 64, 0));
        RGBS.put(TokenKind.DIRECTIVE, new RGB(127, 0, 85));
        RGBS.put(TokenKind.MNEMONIC, new RGB(0, 0, 192));
        RGBS.put(TokenKind.MODIFIER, new RGB(100, 70, 150));
        RGBS.put(TokenKind.REGISTER, new RGB(0, 128, 128));
        RGBS.put(TokenKind.NUMBER, new RGB(150, 80, 0));
        RGBS.put(TokenKind.KEY, new RGB(80, 80, 80));
        RGBS.put(TokenKind.SYMBOL, new RGB(0, 0, 128));
        STYLES.put(TokenKind.DIRECTIVE, SWT.BOLD);
        STYLES.put(TokenKind.MNEMONIC, SWT.BOLD);
        STYLES.put(TokenKind.LABEL, SWT.BOLD);
        STYLES.put(TokenKind.COMMENT, SWT.ITALIC);
    }

    private CsfColors() {
    }

    public static RGB rgb(TokenKind kind) {
        return RGBS.get(kind);
    }

    /** The kind's font style (SWT.BOLD, SWT.ITALIC or SWT.NORMAL). */
    public static int style(TokenKind kind) {
        return STYLES.getOrDefault(kind, SWT.NORMAL);
    }

    public static Color color(TokenKind kind) {
        RGB rgb = RGBS.get(kind);
        if (rgb == null) {
            return null;
        }
        String key = "dev.csfstudio.eclipse.color." + kind.name();
        if (!JFaceResources.getColorRegistry().hasValueFor(key)) {
            JFaceResources.getColorRegistry().put(key, rgb);
        }
        return JFaceResources.getColorRegistry().get(key);
    }

    /** A token whose data is the kind's TextAttribute (default colour for identifiers). */
    public static IToken token(TokenKind kind) {
        return new Token(new TextAttribute(color(kind), null, STYLES.getOrDefault(kind, SWT.NORMAL)));
    }
}
