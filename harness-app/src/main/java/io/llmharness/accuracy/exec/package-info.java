/**
 * Running generated programs against their tests (mixtral's MBXP rows) in child processes with time and memory
 * limits, with the language toolchains found on PATH.
 */
package io.llmharness.accuracy.exec;
