package dev.csfstudio.eclipse.build;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;

/** The "CSF Studio" project nature: a project that has it is built by the {@link CsfBuilder}. */
public final class CsfNature implements IProjectNature {

    public static final String ID = "dev.csfstudio.eclipse.nature";

    private IProject project;

    /** Whether the project is open and has the nature. */
    public static boolean has(IProject project) {
        try {
            return project != null && project.isOpen() && project.hasNature(ID);
        } catch (CoreException e) {
            return false;
        }
    }

    /** Adds (or removes) the nature; adding installs the builder, removing uninstalls it. */
    public static void set(IProject project, boolean on, IProgressMonitor monitor) throws CoreException {
        IProjectDescription d = project.getDescription();
        List<String> ids = new ArrayList<>(Arrays.asList(d.getNatureIds()));
        if (on == ids.contains(ID)) {
            return;
        }
        if (on) {
            ids.add(ID);
        } else {
            ids.remove(ID);
        }
        d.setNatureIds(ids.toArray(String[]::new));
        project.setDescription(d, monitor);
    }

    @Override
    public void configure() throws CoreException {
        IProjectDescription d = project.getDescription();
        List<ICommand> commands = new ArrayList<>(Arrays.asList(d.getBuildSpec()));
        if (commands.stream().anyMatch(c -> CsfBuilder.ID.equals(c.getBuilderName()))) {
            return;
        }
        ICommand c = d.newCommand();
        c.setBuilderName(CsfBuilder.ID);
        commands.add(c);
        d.setBuildSpec(commands.toArray(ICommand[]::new));
        project.setDescription(d, null);
    }

    @Override
    public void deconfigure() throws CoreException {
        IProjectDescription d = project.getDescription();
        d.setBuildSpec(Arrays.stream(d.getBuildSpec()).filter(c -> !CsfBuilder.ID.equals(c.getBuilderName()))
                .toArray(ICommand[]::new));
        project.setDescription(d, null);
        CsfBuilder.clean(project, null);
    }

    @Override
    public IProject getProject() {
        return project;
    }

    @Override
    public void setProject(IProject project) {
        this.project = project;
    }
}
