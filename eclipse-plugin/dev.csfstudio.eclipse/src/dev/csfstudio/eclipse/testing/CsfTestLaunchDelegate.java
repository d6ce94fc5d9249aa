package dev.csfstudio.eclipse.testing;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;

import dev.csfstudio.testing.TestDiscovery;
import dev.csfstudio.testing.TestRun;

/**
 * Runs a "CSF Tests" launch: the configuration's test streams through the testing module's runner in a job (each on
 * a fresh simulated device, across the cores), the results in the CSF Tests view.
 */
public final class CsfTestLaunchDelegate implements ILaunchConfigurationDelegate {

    /** The job family of test runs (tests wait for it). */
    public static final Object FAMILY = CsfTestLaunchDelegate.class;

    @Override
    public void launch(ILaunchConfiguration config, String mode, ILaunch launch, IProgressMonitor monitor)
            throws CoreException {
        TestDiscovery.Found found = TestLaunch.find(config); // a missing resource or a bad glob fails the launch, said so
        CsfTestsView.running(config, found.streams().size());
        Job job = new Job("Running CSF tests: " + config.getName()) {
            @Override
            protected IStatus run(IProgressMonitor m) {
                m.beginTask(getName(), found.streams().size());
                try {
                    TestRun.Summary summary = TestRun.run(found,
                            TestSettings.options(Math.max(1, Runtime.getRuntime().availableProcessors())), r -> {
                                if (m.isCanceled()) {
                                    throw new OperationCanceledException(); // the runner's pool is shut down on the way out
                                }
                                m.worked(1);
                            });
                    CsfTestsView.finished(config, summary);
                    return Status.OK_STATUS;
                } catch (OperationCanceledException e) {
                    CsfTestsView.failed(config, "cancelled");
                    return Status.CANCEL_STATUS;
                } catch (RuntimeException e) {
                    CsfTestsView.failed(config, "could not run: " + e.getMessage());
                    return TestLaunch.failed("CSF tests of " + config.getName() + " could not run", e);
                } finally {
                    m.done();
                }
            }

            @Override
            public boolean belongsTo(Object family) {
                return family == FAMILY;
            }
        };
        job.setUser(true);
        job.schedule();
    }
}
