-- A call between an assistant and a person in a browser (the console's "Talk"), over a WebSocket.
ALTER TYPE "CallDirection" ADD VALUE 'web';
