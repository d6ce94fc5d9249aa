package dev.csfstudio.eclipse.debug.ui;

import org.eclipse.debug.core.model.ISourceLocator;
import org.eclipse.debug.core.model.IStackFrame;

import dev.csfstudio.eclipse.debug.SourceFiles;
import dev.csfstudio.eclipse.debug.model.CsfStackFrame;

/** A frame's source: the .csf file (or .include'd file) the adapter names, opened in the CSF editor. */
public final class CsfSourceLocator implements ISourceLocator {

    @Override
    public Object getSourceElement(IStackFrame frame) {
        return frame instanceof CsfStackFrame f ? SourceFiles.element(f.sourcePath()) : null;
    }
}
