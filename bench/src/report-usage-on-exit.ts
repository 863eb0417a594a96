// Preloaded (node --import) into a measured CLI process: prints its peak resident memory as the
// last line on stderr when it exits.
process.on('exit', () => {
  process.stderr.write(`\n${JSON.stringify({ peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
});
