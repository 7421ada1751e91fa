/** An embedded HTTP server that speaks vLLM's and SGLang's APIs, with a continuous-batching latency model. */
package io.llmharness.simulator;
