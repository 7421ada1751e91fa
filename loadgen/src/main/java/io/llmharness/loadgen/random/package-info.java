/**
 * Bit-exact copies of the random machinery the C++ LoadGen gets from libstdc++: {@code std::mt19937} (seeded
 * with the low 32 bits of a u64), Lemire's {@code uniform_int_distribution}, the paired-swap
 * {@code std::shuffle}, two-draw {@code generate_canonical} and {@code exponential_distribution}. They decide
 * the loaded sample sets, the sample order and the Server schedule, which must match the official LoadGen.
 */
package io.llmharness.loadgen.random;
