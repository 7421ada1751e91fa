// Drives the simulator with the official `openai` Node SDK, as a third-party client would. Written for
// OpenAiNodeSdkTest, which installs the SDK next to this file and runs: node openai-sdk-check.mjs <baseUrl> <keyedUrl>
// (<keyedUrl>: a second simulator that wants the API key "sdk-key"). Prints "ok <check>" or "FAIL <check>: <why>"
// per check and exits 1 when any failed.
import OpenAI from 'openai';

const [baseUrl, keyedUrl] = process.argv.slice(2);
const client = new OpenAI({ baseURL: baseUrl + '/v1', apiKey: 'unused', maxRetries: 0, timeout: 30000 });
const model = 'sim-model';
let failed = 0;

function expect(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

async function check(name, body) {
  try {
    await body();
    console.log('ok ' + name);
  } catch (e) {
    failed++;
    console.log('FAIL ' + name + ': ' + (e && e.stack ? e.stack.split('\n').slice(0, 3).join(' | ') : e));
  }
}

async function expectError(type, status, call, messagePart) {
  try {
    await call();
  } catch (e) {
    expect(e instanceof type, 'expected ' + type.name + ', got ' + (e && e.constructor && e.constructor.name));
    expect(e.status === status, 'status ' + e.status);
    if (messagePart) {
      expect(String(e.message).includes(messagePart), 'message: ' + e.message);
    }
    return e;
  }
  throw new Error('no error');
}

await check('models', async () => {
  const page = await client.models.list();
  expect(page.data.some((m) => m.id === model), 'served name listed');
});

await check('completions', async () => {
  const r = await client.completions.create({ model, prompt: 'The capital of France is', max_tokens: 8, seed: 1 });
  expect(r.id.startsWith('cmpl-'), 'id ' + r.id);
  expect(r.object === 'text_completion', 'object');
  expect(typeof r.choices[0].text === 'string' && r.choices[0].text.length > 0, 'text');
  expect(r.usage.total_tokens === r.usage.prompt_tokens + r.usage.completion_tokens, 'usage sums');
});

await check('chat', async () => {
  const r = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'Name three prime numbers.' }],
    max_completion_tokens: 8,
    seed: 1,
  });
  expect(r.object === 'chat.completion', 'object');
  expect(r.choices[0].message.role === 'assistant', 'role');
  expect(r.choices[0].message.content.length > 0, 'content');
  expect(['stop', 'length'].includes(r.choices[0].finish_reason), 'finish_reason');
});

await check('completions-stream-usage', async () => {
  const whole = await client.completions.create({ model, prompt: 'Once upon a time', max_tokens: 12, seed: 7 });
  const stream = await client.completions.create({
    model,
    prompt: 'Once upon a time',
    max_tokens: 12,
    seed: 7,
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = '';
  let usage = null;
  for await (const chunk of stream) {
    for (const c of chunk.choices) {
      text += c.text;
    }
    if (chunk.usage) {
      usage = chunk.usage;
    }
  }
  expect(text === whole.choices[0].text, 'streamed text equals the non-streamed one');
  expect(usage && usage.completion_tokens === whole.usage.completion_tokens, 'usage chunk');
});

await check('chat-stream-helper', async () => {
  const runner = client.chat.completions.stream({
    model,
    messages: [{ role: 'user', content: 'hello' }],
    max_completion_tokens: 10,
    ignore_eos: true,
    stream_options: { include_usage: true },
    logprobs: true,
    top_logprobs: 2,
  });
  let deltas = '';
  runner.on('content', (delta) => {
    deltas += delta;
  });
  const final = await runner.finalChatCompletion();
  const choice = final.choices[0];
  expect(choice.message.content === deltas, 'accumulated content');
  expect(final.usage && final.usage.completion_tokens === 10, 'usage ' + JSON.stringify(final.usage));
  expect(choice.logprobs && choice.logprobs.content.length === 10, 'accumulated logprobs');
  expect(choice.logprobs.content.map((t) => t.token).join('') === choice.message.content, 'tokens make the text');
});

await check('n', async () => {
  const chat = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'two answers' }],
    max_completion_tokens: 4,
    n: 2,
  });
  expect(chat.choices.length === 2 && chat.choices[1].index === 1, 'two chat choices');
  const completions = await client.completions.create({ model, prompt: ['a', 'b'], max_tokens: 3, n: 2 });
  expect(completions.choices.length === 4, 'prompt-major choices');
  expect(completions.choices.map((c) => c.index).join() === '0,1,2,3', 'indices');
});

await check('completions-logprobs', async () => {
  const r = await client.completions.create({
    model,
    prompt: 'logprobs',
    max_tokens: 5,
    ignore_eos: true,
    logprobs: 3,
    seed: 3,
  });
  const lp = r.choices[0].logprobs;
  expect(lp.tokens.length === 5 && lp.token_logprobs.length === 5, 'one entry per token');
  expect(lp.top_logprobs.every((t) => Object.keys(t).length === 3), 'three alternatives');
  expect(lp.tokens.join('') === r.choices[0].text, 'tokens make the text');
  expect(lp.text_offset[0] === 0, 'offsets');
});

await check('chat-logprobs', async () => {
  const r = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'logprobs' }],
    max_completion_tokens: 5,
    ignore_eos: true,
    logprobs: true,
    top_logprobs: 4,
  });
  const content = r.choices[0].logprobs.content;
  expect(content.length === 5, 'one entry per token');
  for (const t of content) {
    expect(t.top_logprobs.length === 4, 'four alternatives');
    expect(t.top_logprobs[0].token === t.token && t.top_logprobs[0].logprob === t.logprob, 'chosen first');
    expect(Buffer.from(t.bytes).toString('utf8') === t.token, 'bytes');
  }
});

await check('json-schema', async () => {
  const r = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'a city' }],
    max_completion_tokens: 200,
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'city',
        schema: {
          type: 'object',
          properties: { city: { type: 'string' }, population: { type: 'integer' } },
          required: ['city', 'population'],
        },
      },
    },
  });
  const parsed = JSON.parse(r.choices[0].message.content);
  expect(typeof parsed.city === 'string' && Number.isInteger(parsed.population), 'schema-shaped JSON');
});

await check('error-not-found', async () => {
  const e = await expectError(OpenAI.NotFoundError, 404, () =>
    client.completions.create({ model: 'nope', prompt: 'x', max_tokens: 1 }),
  );
  expect(e.param === 'model', 'param ' + e.param);
});

await check('error-bad-request', async () => {
  const e = await expectError(OpenAI.BadRequestError, 400, () =>
    client.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }], temperature: -1 }),
  );
  expect(e.type === 'BadRequestError', 'type ' + e.type);
});

await check('error-max-logprobs', async () => {
  await expectError(
    OpenAI.BadRequestError,
    400,
    () => client.completions.create({ model, prompt: 'x', max_tokens: 1, logprobs: 21 }),
    'greater than max allowed: 20',
  );
});

await check('error-validation', async () => {
  const e = await expectError(OpenAI.BadRequestError, 400, () =>
    client.completions.create({ model, prompt: 'x', max_tokens: 'ten' }),
  );
  expect(e.type === 'Bad Request', 'type ' + e.type);
});

await check('error-authentication', async () => {
  const wrong = new OpenAI({ baseURL: keyedUrl + '/v1', apiKey: 'wrong', maxRetries: 0 });
  await expectError(OpenAI.AuthenticationError, 401, () => wrong.models.list());
  const right = new OpenAI({ baseURL: keyedUrl + '/v1', apiKey: 'sdk-key', maxRetries: 0 });
  const page = await right.models.list();
  expect(page.data.length > 0, 'listed with the right key');
});

process.exit(failed === 0 ? 0 : 1);
