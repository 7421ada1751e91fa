package io.llmharness.cli;

import picocli.CommandLine;

/** Reports the version recorded in the jar manifest (or "dev" when run from classes). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"llm-harness " + (v == null ? "dev" : v)};
    }
}
