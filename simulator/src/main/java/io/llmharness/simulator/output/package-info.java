/**
 * Where output tokens come from: seeded random words with a drawn natural length, fixed token lists (echo,
 * guided decoding from a JSON schema or a choice list), and stop-string matching that holds back text which may
 * turn out to be part of a stop string.
 */
package io.llmharness.simulator.output;
