package dev.csfstudio.eclipse.operations.hover;

import java.util.concurrent.TimeUnit;

import org.eclipse.jface.internal.text.html.BrowserInformationControl;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.text.DefaultInformationControl;
import org.eclipse.jface.text.IInformationControl;
import org.eclipse.jface.text.IInformationControlCreator;
import org.eclipse.jface.text.IInformationControlExtension2;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextHoverExtension2;
import org.eclipse.jface.text.ITextHoverExtension;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;

import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.HoverHtml;
import dev.csfstudio.eclipse.HoverText;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/**
 * textDocument/hover rendered as HTML (tables, code) in a browser hover, as JDT shows Javadoc; where SWT has no
 * browser, the same content as plain text with aligned columns. The hover manager calls this off the UI thread.
 */
public final class CsfTextHover implements ITextHover, ITextHoverExtension, ITextHoverExtension2 {

    /** A hover's markdown; {@link #toString()} is its plain-text form (what a text-only control shows). */
    public record Content(String markdown) {
        public String html(HoverHtml.Style style) {
            return HoverHtml.page(markdown, style);
        }

        @Override
        public String toString() {
            return HoverText.markdownToPlain(markdown);
        }
    }

    private final ServedEditor editor;

    public CsfTextHover(ServedEditor editor) {
        this.editor = editor;
    }

    @Override
    public Object getHoverInfo2(ITextViewer viewer, IRegion region) {
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            return null;
        }
        try {
            var pos = DocumentPositions.position(viewer.getDocument(), region.getOffset());
            String markdown = HoverHtml.markdown(c.hover(s.uri(), pos.getLine(), pos.getCharacter()).get(3, TimeUnit.SECONDS));
            String problems = problemsAt(s.diagnostics(), pos);
            if (!problems.isEmpty()) {
                markdown = markdown == null ? problems : problems + "\n\n---\n\n" + markdown;
            }
            return markdown == null ? null : new Content(markdown);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            return null;
        }
    }

    /** The server's problems whose range holds the position, one paragraph each ("**error**: message"), as markdown. */
    static String problemsAt(java.util.List<org.eclipse.lsp4j.Diagnostic> diagnostics, org.eclipse.lsp4j.Position p) {
        StringBuilder b = new StringBuilder();
        for (org.eclipse.lsp4j.Diagnostic d : diagnostics) {
            var r = d.getRange();
            boolean after = p.getLine() > r.getStart().getLine()
                    || (p.getLine() == r.getStart().getLine() && p.getCharacter() >= r.getStart().getCharacter());
            boolean before = p.getLine() < r.getEnd().getLine()
                    || (p.getLine() == r.getEnd().getLine() && p.getCharacter() <= r.getEnd().getCharacter());
            if (after && before) {
                String severity = d.getSeverity() == null ? "error" : d.getSeverity().name().toLowerCase(java.util.Locale.ROOT);
                b.append(b.length() == 0 ? "" : "\n\n").append("**").append(severity).append("**: ")
                        .append(escape(dev.csfstudio.eclipse.operations.diagnostics.MarkerData.message(d)));
            }
        }
        return b.toString();
    }

    /** Markdown's special characters as themselves (a message like "r200 out of range: r0..r95" stays as written). */
    private static String escape(String text) {
        return text.replaceAll("([\\\\`*_{}\\[\\]()#+\\-!|<>])", "\\\\$1");
    }

    @Override
    @Deprecated
    public String getHoverInfo(ITextViewer viewer, IRegion region) {
        Object info = getHoverInfo2(viewer, region);
        return info == null ? null : info.toString();
    }

    @Override
    public IRegion getHoverRegion(ITextViewer viewer, int offset) {
        return DocumentPositions.word(viewer.getDocument().get(), offset);
    }

    @Override
    public IInformationControlCreator getHoverControlCreator() {
        return CsfTextHover::control;
    }

    /** A browser control showing the HTML when SWT has a browser here, else a text control showing the plain text. */
    public static IInformationControl control(Shell parent) {
        if (BrowserInformationControl.isAvailable(parent)) {
            return new HtmlControl(parent);
        }
        return new PlainControl(parent);
    }

    public static HoverHtml.Style style(Display display) {
        FontData[] font = JFaceResources.getDialogFont().getFontData();
        // the workbench's hover colours (themes set them), as every information control uses them
        var registry = JFaceResources.getColorRegistry();
        RGB fg = registry.getRGB(org.eclipse.jface.preference.JFacePreferences.INFORMATION_FOREGROUND_COLOR);
        RGB bg = registry.getRGB(org.eclipse.jface.preference.JFacePreferences.INFORMATION_BACKGROUND_COLOR);
        return new HoverHtml.Style(css(fg != null ? fg : display.getSystemColor(SWT.COLOR_INFO_FOREGROUND).getRGB()),
                css(bg != null ? bg : display.getSystemColor(SWT.COLOR_INFO_BACKGROUND).getRGB()),
                "'" + font[0].getName() + "', sans-serif", Math.max(8, font[0].getHeight()));
    }

    private static String css(RGB c) {
        return String.format(java.util.Locale.ROOT, "#%02x%02x%02x", c.red, c.green, c.blue);
    }

    /**
     * The browser hover: takes a {@link Content} and shows its HTML page, sized to its content (the browser's own
     * estimate counts a table's rows as one line, and the text hover's 12-line limit cut the operand table after
     * two rows); F2 gives the same page in a resizable, scrollable control.
     */
    public static final class HtmlControl extends BrowserInformationControl {
        private Content content;
        private org.eclipse.swt.graphics.Point constraints;

        HtmlControl(Shell parent) {
            this(parent, false);
        }

        HtmlControl(Shell parent, boolean resizable) {
            super(parent, JFaceResources.DIALOG_FONT, resizable);
        }

        @Override
        public void setInput(Object input) {
            if (input instanceof Content c) {
                content = c;
                super.setInput(c.html(style(getShell().getDisplay())));
            } else {
                super.setInput(input); // (the browser control passes its own inputs through here too)
            }
        }

        /** As the manager asks, but as tall as three quarters of the display: a hover's table is its point. */
        @Override
        public org.eclipse.swt.graphics.Point computeSizeConstraints(int widthInChars, int heightInChars) {
            org.eclipse.swt.graphics.Point base = super.computeSizeConstraints(widthInChars, heightInChars);
            int tall = getShell().getDisplay().getClientArea().height * 3 / 4;
            return base == null ? null : new org.eclipse.swt.graphics.Point(base.x, Math.max(base.y, tall));
        }

        @Override
        public void setSizeConstraints(int maxWidth, int maxHeight) {
            super.setSizeConstraints(maxWidth, maxHeight);
            constraints = new org.eclipse.swt.graphics.Point(maxWidth, maxHeight);
        }

        /** At least the size of the content's text (a table's rows one line each), within the size constraints. */
        @Override
        public org.eclipse.swt.graphics.Point computeSizeHint() {
            org.eclipse.swt.graphics.Point hint = super.computeSizeHint();
            if (content == null) {
                return hint;
            }
            org.eclipse.swt.graphics.Point text = textSize(content.toString());
            org.eclipse.swt.graphics.Point max = constraints != null ? constraints
                    : new org.eclipse.swt.graphics.Point(SWT.DEFAULT, SWT.DEFAULT);
            return new org.eclipse.swt.graphics.Point(bounded(Math.max(hint.x, text.x), max.x),
                    bounded(Math.max(hint.y, text.y), max.y));
        }

        private static int bounded(int size, int max) {
            return max == SWT.DEFAULT || max <= 0 ? size : Math.min(size, max);
        }

        /** The plain text's extent in the hover's font, with room for the page's margins and table rows. */
        private org.eclipse.swt.graphics.Point textSize(String text) {
            org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(getShell());
            try {
                gc.setFont(JFaceResources.getDialogFont());
                int lineHeight = gc.getFontMetrics().getHeight();
                int width = 0;
                String[] lines = text.split("\n", -1);
                for (String line : lines) {
                    width = Math.max(width, gc.textExtent(line).x);
                }
                // a table row is taller than a line of text (cell padding and borders): half a line more each
                return new org.eclipse.swt.graphics.Point(width + 32, lines.length * (lineHeight * 3 / 2) + 32);
            } finally {
                gc.dispose();
            }
        }

        /** Whether the shell can be resized (F2's control can, the hover cannot); for tests. */
        public boolean resizable() {
            return (getShell().getStyle() & SWT.RESIZE) != 0;
        }

        @Override
        public IInformationControlCreator getInformationPresenterControlCreator() {
            return parent -> BrowserInformationControl.isAvailable(parent) ? new HtmlControl(parent, true)
                    : new PlainControl(parent, true);
        }

        /** The HTML the browser was given (for tests), or null. */
        public String shownHtml() {
            return browserText(getShell());
        }

        private static String browserText(org.eclipse.swt.widgets.Composite c) {
            for (org.eclipse.swt.widgets.Control child : c.getChildren()) {
                if (child instanceof org.eclipse.swt.browser.Browser b) {
                    return b.getText();
                }
                if (child instanceof org.eclipse.swt.widgets.Composite inner) {
                    String found = browserText(inner);
                    if (found != null) {
                        return found;
                    }
                }
            }
            return null;
        }
    }

    /** The text hover: shows a {@link Content}'s plain form. */
    public static final class PlainControl extends DefaultInformationControl implements IInformationControlExtension2 {
        public PlainControl(Shell parent) {
            super(parent, (String) null);
        }

        /** F2's control: resizable, scrolls. */
        PlainControl(Shell parent, boolean resizable) {
            super(parent, resizable);
        }

        @Override
        public void setInput(Object input) {
            setInformation(input == null ? "" : input.toString());
        }

        @Override
        public IInformationControlCreator getInformationPresenterControlCreator() {
            return parent -> new PlainControl(parent, true);
        }
    }
}
