// Runs reversi/tools/bytecode.py's PROGRAM with the runtime's own Python: Pyodide under Node.js,
// for a machine with no Python of the runtime's version. Used by the site's generator only.
//
//   node bytecode_node.mjs INDEX_URL PROGRAM JOB_FILE
//
// The job's "in" zip is copied into Pyodide's file system, the program runs there, and its "out"
// zip is copied back.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [index, program, jobFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: index });
const job = JSON.parse(readFileSync(jobFile, "utf-8"));
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(job.in));
pyodide.FS.writeFile("/tmp/job.json", JSON.stringify({ ...job, in: "/tmp/in.zip", out: "/tmp/out.zip" }));
pyodide.runPython("import sys\nsys.argv = ['bytecode', '/tmp/job.json']\n");
pyodide.runPython(program);
writeFileSync(job.out, pyodide.FS.readFile("/tmp/out.zip"));
