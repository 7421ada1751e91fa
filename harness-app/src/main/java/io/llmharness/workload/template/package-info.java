/**
 * Text-level rendering of llm-d workload templates, in llm-d {@code run.sh}'s order: first the {@code -o}
 * overrides ({@link io.llmharness.workload.template.Overrides}: leaf key as a substring, every occurrence), then
 * the {@code REPLACE_ENV_<NAME>[++++default=<value>]} tokens ({@link io.llmharness.workload.template.EnvTemplate})
 * and {@code REPLACE_COMMA}. Pure functions over strings: the environment is passed in as a map.
 */
package io.llmharness.workload.template;
