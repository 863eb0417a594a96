// Child process of `npm run bench`: CLIENTS clients each pulling URL (gzip) in a loop until killed (SIGKILL).
import http from 'node:http';

const [url, clients] = [process.argv[2]!, Number(process.argv[3] ?? 20)];
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

function pull(): void {
  http
    .get(url, { agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      res.resume();
      res.on('end', pull);
    })
    .on('error', () => setTimeout(pull, 100));
}
for (let i = 0; i < clients; i++) pull();
process.stdout.write('{}\n');
