// What the page says when it is opened as a file (file:///.../index.html)
// rather than served. Browsers run no module script from a file: address,
// so app.js never starts there and the page would say "Loading…" for
// ever; this classic script, which they do run, says instead that the
// page must be served, and how: the static site that slidetable web
// writes by any static file server (python3 -m http.server is one
// command), the page of slidetable serve by slidetable serve.
(function () {
  "use strict";
  if (location.protocol !== "file:") return;
  const engine = document.querySelector('meta[name="slidetable-engine"]');
  const site = engine && engine.content === "wasm";
  let folder = decodeURIComponent(location.pathname).replace(/\/[^/]*$/, "") || "/";
  if (/^\/[A-Za-z]:\//.test(folder)) folder = folder.slice(1); // C:/Users/... on Windows
  const quoted = /^[\w@%+=:,./-]+$/.test(folder) ? folder : `"${folder.replace(/["\\$`]/g, "\\$&")}"`;
  const command = site ? `python3 -m http.server -d ${quoted} 8000` : "slidetable serve";
  const address = site ? "http://localhost:8000/" : "http://127.0.0.1:8080/";

  const box = document.createElement("section");
  box.id = "unserved";
  box.className = "wrap unserved";
  box.setAttribute("role", "alert");
  const title = document.createElement("h2");
  title.textContent = "This page must be served, not opened as a file";
  const why = document.createElement("p");
  why.textContent = "Browsers do not run its scripts from a file:// address, so the puzzle cannot start. " +
    (site ? "Serve this folder, with this command or any static file server:" : "It is the page of slidetable serve: run");
  const code = document.createElement("pre");
  code.append(Object.assign(document.createElement("code"), { textContent: command }));
  const then = document.createElement("p");
  const link = Object.assign(document.createElement("a"), { href: address, textContent: address });
  then.append("then open ", link, site ? "." : ". (For a site without the server: slidetable web -o site.)");
  box.append(title, why, code, then);
  const main = document.querySelector("main");
  main.parentNode.insertBefore(box, main);
  document.body.dataset.state = "unserved";
  const distance = document.getElementById("distance");
  if (distance) distance.textContent = "Not started";
})();
