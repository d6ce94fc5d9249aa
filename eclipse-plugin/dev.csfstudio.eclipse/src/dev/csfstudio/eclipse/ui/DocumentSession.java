package dev.csfstudio.eclipse.ui;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;

import dev.csfstudio.eclipse.core.CsfServerConnection;

/**
 * One open CSF document as the server sees it: didOpen when the server is ready, the full text on each
 * change, didSave, didClose. Changes before the server is ready are kept and sent with didOpen.
 */
public final class DocumentSession implements IDocumentListener {

    private final CsfServers servers;
    private final String uri;
    private final IFile file;
    private final IDocument document;
    private String text;
    private CsfServerConnection connection;
    private boolean closed;
    private volatile java.util.function.Consumer<String> statusSink;

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
    synchronized void attachIfNeeded(CsfServerConnection c) {
        attach(c);
    }

    synchronized void detach() {
        connection = null;
    }

    /** Where background-run summaries go (the editor's status line). */
    void onRunStatus(java.util.function.Consumer<String> sink) {
        statusSink = sink;
    }

    void runStatus(String message) {
        java.util.function.Consumer<String> sink = statusSink;
        if (sink != null) {
            CsfServers.ui(() -> sink.accept(message));
        }
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
        servers.closed(this);
        statusSink = null;
    }
}
