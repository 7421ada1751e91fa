/** Child processes that imitate a real server's worker processes (for process-tree cleanup tests). */
package io.llmharness.simulator.process;
