/** Checks on the test suite itself: the build's timeouts and thread dumps for hanging tests. */
package io.llmharness.testing;
