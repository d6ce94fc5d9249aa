package dev.csfstudio.eclipse.run;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.SWTException;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.part.ViewPart;


/** The result of the last "Run Stream": status, instructions, fault, render targets as images, details. */
public final class RunView extends ViewPart {

    public static final String ID = "dev.csfstudio.eclipse.runView";

    private ScrolledComposite scroll;
    private Composite body;
    private final List<Image> images = new ArrayList<>();
    private RunViewModel model;

    @Override
    public void createPartControl(Composite parent) {
        scroll = new ScrolledComposite(parent, SWT.V_SCROLL | SWT.H_SCROLL);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        body = new Composite(scroll, SWT.NONE);
        body.setLayout(new GridLayout(1, false));
        scroll.setContent(body);
        Label hint = new Label(body, SWT.WRAP);
        hint.setText("Run a stream with \"Run Stream\" in a CSF editor (toolbar or context menu).");
        relayout();
    }

    /** Shows a run (UI thread). */
    public void show(RunViewModel m) {
        model = m;
        for (Control c : body.getChildren()) {
            c.dispose();
        }
        disposeImages();
        setContentDescription(m.title());

        Label status = new Label(body, SWT.WRAP);
        status.setText(m.statusLine());
        status.setFont(JFaceResources.getBannerFont());
        status.setForeground(body.getDisplay().getSystemColor(m.failed() || "fault".equals(m.status())
                || "deadlock".equals(m.status()) ? SWT.COLOR_RED : "ok".equals(m.status()) ? SWT.COLOR_DARK_GREEN : SWT.COLOR_DARK_YELLOW));
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));

        if (m.fault() != null) {
            text(m.fault()).setForeground(body.getDisplay().getSystemColor(SWT.COLOR_RED));
        }
        if (!m.targets().isEmpty()) {
            Composite row = new Composite(body, SWT.NONE);
            row.setLayout(new RowLayout(SWT.HORIZONTAL));
            for (RunViewModel.Target t : m.targets()) {
                Composite figure = new Composite(row, SWT.NONE);
                figure.setLayout(new GridLayout(1, false));
                Label picture = new Label(figure, SWT.BORDER);
                Image image = image(t);
                if (image != null) {
                    images.add(image);
                    picture.setImage(image);
                } else {
                    picture.setText("(no image)");
                }
                Label caption = new Label(figure, SWT.WRAP);
                caption.setText(t.caption());
            }
        }
        if (!m.details().isEmpty()) {
            text(m.details());
        }
        relayout();
    }

    /** The last model shown (for tests). */
    public RunViewModel model() {
        return model;
    }

    /** The images on screen (for tests). */
    public List<Image> images() {
        return List.copyOf(images);
    }

    private Text text(String s) {
        Text t = new Text(body, SWT.MULTI | SWT.READ_ONLY | SWT.WRAP);
        t.setText(s);
        t.setFont(JFaceResources.getTextFont());
        t.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        return t;
    }

    private Image image(RunViewModel.Target t) {
        if (t.png() == null) {
            return null;
        }
        try {
            ImageData[] data = new ImageLoader().load(new ByteArrayInputStream(t.png()));
            if (data.length == 0) {
                return null;
            }
            ImageData d = data[0];
            if (t.scale() > 1) {
                d = d.scaledTo(d.width * t.scale(), d.height * t.scale()); // nearest neighbour: pixels stay sharp
            }
            return new Image(body.getDisplay(), d);
        } catch (SWTException e) {
            return null;
        }
    }

    private void relayout() {
        body.layout(true, true);
        scroll.setMinSize(body.computeSize(SWT.DEFAULT, SWT.DEFAULT));
    }

    private void disposeImages() {
        for (Image i : images) {
            i.dispose();
        }
        images.clear();
    }

    @Override
    public void setFocus() {
        scroll.setFocus();
    }

    @Override
    public void dispose() {
        disposeImages();
        super.dispose();
    }
}
