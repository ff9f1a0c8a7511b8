/**
 * The anchor of the collab bench: a bare Hocuspocus server (the version the collab service runs) with no
 * authentication, no persistence and no extensions, on PORT, in a process of its own as the system is.
 * Prints one line when it listens.
 */
import { Server } from '@hocuspocus/server';

const server = new Server({ port: Number(process.env.PORT), address: '127.0.0.1', quiet: true });
await server.listen();
console.log(`bare hocuspocus on ${server.address.port}`);
process.on('SIGTERM', () => void server.destroy().then(() => process.exit(0)));
