/** The framework's floor: a bare Fastify route answering `{}` (no plugins, no DB). */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/empty', async () => ({}));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
