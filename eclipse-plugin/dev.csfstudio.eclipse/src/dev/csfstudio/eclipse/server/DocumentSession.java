package dev.csfstudio.eclipse.server;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.lsp4j.Diagnostic;

import dev.csfstudio.lsp.protocol.CsfProtocol;


/**
 * One open CSF document as the server sees it: didOpen when the server is ready, the full text on each
 * change, didSave, didClose. Changes before the server is ready are kept and sent with didOpen. It also
 * tells the editor's features when the server has analysed a new text (its diagnostics arrived) and when a
 * background run finished, so outline, folding, semantic colours and code minings ask again.
 */
public final class DocumentSession implements IDocumentListener {

    private final CsfServers servers;
    private final String uri;
    private final IFile file;
    private final IDocument document;
    private final List<Runnable> analysedListeners = new CopyOnWriteArrayList<>();
    private final List<Runnable> runListeners = new CopyOnWriteArrayList<>();
    private String text;
    private CsfServerConnection connection;
    private boolean closed;
    private volatile Consumer<CsfProtocol.RunFinished> statusSink;
    private volatile List<Diagnostic> diagnostics = List.of();
    private volatile int analyses;

    DocumentSession(CsfServers servers, String uri, IFile file, IDocument document) {
        this.servers = servers;
        this.uri = uri;
        this.file = file;
        this.document = document;
        this.text = document.get();
        document.addDocumentListener(this);
    }

    public String uri() {
        return uri;
    }

    public IFile file() {
        return file;
    }

    public IDocument document() {
        return document;
    }

    /** The connection this document is open in, or null. */
    public synchronized CsfServerConnection connection() {
        return connection != null && connection.isAlive() ? connection : null;
    }

    synchronized void attach(CsfServerConnection c) {
        if (closed || connection == c) {
            return;
        }
        connection = c;
        c.didOpen(uri, text);
    }

    /** Opens the document in c unless it is open there already. */
    public synchronized void attachIfNeeded(CsfServerConnection c) {
        attach(c);
    }

    synchronized void detach() {
        connection = null;
    }

    /** The server's latest diagnostics of this document (what quick fixes are asked for). */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** Runs (on the UI thread) each time the server has analysed a new text of the document. */
    public void onAnalysed(Runnable listener) {
        analysedListeners.add(listener);
    }

    /** Runs (on the UI thread) each time a background run of the document finished. */
    public void onRunFinished(Runnable listener) {
        runListeners.add(listener);
    }

    /** How many analyses of this document the server has reported. */
    public int analyses() {
        return analyses;
    }

    void analysed(List<Diagnostic> latest) {
        diagnostics = List.copyOf(latest);
        analyses++;
        analysedListeners.forEach(l -> CsfServers.ui(l));
    }

    /** Where the background run's {@code csf/runFinished} goes (the editor's status line); called on the UI thread. */
    public void onRunFinished(Consumer<CsfProtocol.RunFinished> sink) {
        statusSink = sink;
    }

    void runFinished(CsfProtocol.RunFinished run) {
        Consumer<CsfProtocol.RunFinished> sink = statusSink;
        if (sink != null) {
            CsfServers.ui(() -> sink.accept(run));
        }
        runListeners.forEach(l -> CsfServers.ui(l));
    }

    @Override
    public void documentAboutToBeChanged(DocumentEvent event) {
    }

    @Override
    public void documentChanged(DocumentEvent event) {
        String now = document.get();
        synchronized (this) {
            text = now;
            if (connection != null) {
                connection.didChange(uri, now);
            }
        }
    }

    public synchronized void saved() {
        if (connection != null) {
            connection.didSave(uri, text);
        }
    }

    public void close() {
        document.removeDocumentListener(this);
        synchronized (this) {
            closed = true;
            if (connection != null) {
                connection.didClose(uri);
                connection = null;
            }
        }
        analysedListeners.clear();
        runListeners.clear();
        servers.closed(this);
        statusSink = null;
    }
}
