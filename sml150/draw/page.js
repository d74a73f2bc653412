// The page of one drawn search (sml150.draw.page): step through it, fold and unfold subtrees.
// Self-contained: it reads the tree from the JSON in <script id="data"> and moves the SVG's own
// node groups (the layout is the one of sml150/draw/layout.py: leaves in slots, parents centred).
// URL hash: #step=N opens at step N (from 0); #walk steps through every step and writes what
// is shown at each into <pre id="walk"> (for a test in a headless browser).
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("data").textContent);
  const svg = document.getElementById("picture");
  const N = data.nodes;
  const steps = data.steps;
  const caption = document.getElementById("caption");
  const slider = document.getElementById("slider");
  const count = document.getElementById("count");
  let step = steps.length - 1;

  const el = (id) => document.getElementById("n" + id);

  function layout() {
    const pos = {};
    let slots = 0;
    let deepest = 0;
    const stack = [[data.root, 0, false]];
    while (stack.length) {
      const [id, ply, done] = stack.pop();
      const kids = N[id].folded ? [] : N[id].kids;
      deepest = Math.max(deepest, ply);
      if (!kids.length) {
        pos[id] = [data.margin + (slots + 0.5) * data.slot, data.top + ply * data.row];
        slots += 1;
      } else if (done) {
        const x = (pos[kids[0]][0] + pos[kids[kids.length - 1]][0]) / 2;
        pos[id] = [x, data.top + ply * data.row];
      } else {
        stack.push([id, ply, true]);
        for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], ply + 1, false]);
      }
    }
    for (const id of Object.keys(N)) {
      const g = el(id);
      const edge = document.getElementById("e" + id);
      const p = pos[id];
      g.classList.toggle("gone", !p);
      g.classList.toggle("folded", N[id].folded);
      if (edge) edge.classList.toggle("gone", !p);
      if (!p) continue;
      g.setAttribute("transform", "translate(" + p[0].toFixed(1) + "," + p[1].toFixed(1) + ")");
      if (edge) {
        const q = pos[N[id].parent];
        const line = edge.querySelector("line");
        line.setAttribute("x1", q[0].toFixed(1));
        line.setAttribute("y1", q[1].toFixed(1));
        line.setAttribute("x2", p[0].toFixed(1));
        line.setAttribute("y2", p[1].toFixed(1));
        const mv = edge.querySelector("text");
        if (mv) {
          mv.setAttribute("x", (q[0] + (p[0] - q[0]) * 0.8).toFixed(1));
          mv.setAttribute("y", (q[1] + (p[1] - q[1]) * 0.8 - 6).toFixed(1));
        }
      }
    }
    const width = Math.max(2 * data.margin + slots * data.slot, 760);
    const height = data.top + deepest * data.row + data.row;
    svg.setAttribute("width", width.toFixed(0));
    svg.setAttribute("height", height.toFixed(0));
    svg.setAttribute("viewBox", "0 0 " + width.toFixed(0) + " " + height.toFixed(0));
  }

  function show(k) {
    step = Math.max(0, Math.min(steps.length - 1, k));
    const now = steps[step];
    let opened = false;  // a step inside a folded subtree unfolds the way down to it
    const top = N[now.node] ? N[now.node].parent : null;  // (a node past the page's size: none)
    for (let p = top; p !== null; p = N[p].parent) {
      if (N[p].folded && !N[p].more) { N[p].folded = false; opened = true; }
    }
    if (opened) layout();
    for (const x of svg.querySelectorAll("[data-at]")) {
      x.classList.toggle("later", Number(x.dataset.at) > step);
    }
    for (const id of Object.keys(N)) {
      const n = N[id];
      const open = n.in !== null && n.in <= step && (n.out === null || step < n.out);
      el(id).classList.toggle("open", open);
      el(id).classList.toggle("current", Number(id) === now.node);
    }
    svg.classList.toggle("done", step === steps.length - 1);  // the chosen line, at the end
    caption.textContent = now.caption;
    slider.value = String(step);
    count.textContent = "step " + (step + 1) + " of " + steps.length;
    document.body.dataset.step = String(step);
  }

  // A node whose subtree is not in the page (too large) stays folded.
  const fold = (id, v) => { N[id].folded = v || N[id].more; };

  function foldToLine() {
    for (const id of Object.keys(N)) fold(id, false);
    for (const id of Object.keys(N)) {
      if (!N[id].chosen) continue;
      for (const k of N[id].kids) if (!N[k].chosen && N[k].kids.length) fold(k, true);
    }
    layout();
    show(step);
  }

  function unfoldAll() {
    for (const id of Object.keys(N)) fold(id, false);
    layout();
    show(step);
  }

  function shown() {  // what a reader sees: the drawn nodes, the leaf numbers shown in order
    const nodes = [...svg.querySelectorAll(".node:not(.gone)")];
    const leaves = nodes
      .filter((g) => g.dataset.order && !g.querySelector(".order").classList.contains("later"))
      .sort((a, b) => Number(a.dataset.order) - Number(b.dataset.order))
      .map((g) => g.dataset.label || g.dataset.id);
    const values = nodes.filter((g) => {
      const v = g.querySelector(".val, .leafv");
      return v && !v.classList.contains("later");
    }).length;
    return nodes.length + "\t" + leaves.join(",") + "\t" + values;
  }

  document.getElementById("first").onclick = () => show(0);
  document.getElementById("back").onclick = () => show(step - 1);
  document.getElementById("next").onclick = () => show(step + 1);
  document.getElementById("last").onclick = () => show(steps.length - 1);
  document.getElementById("foldline").onclick = foldToLine;
  document.getElementById("unfold").onclick = unfoldAll;
  slider.max = String(steps.length - 1);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", (ev) => {
    const to = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps.length - 1}[ev.key];
    if (to !== undefined) { show(to); ev.preventDefault(); }
  });
  svg.addEventListener("click", (ev) => {
    const g = ev.target.closest(".node");
    if (!g || !N[g.dataset.id].kids.length) return;
    fold(g.dataset.id, !N[g.dataset.id].folded);
    layout();
    show(step);
  });

  layout();
  const hash = location.hash;
  const at = /^#step=(\d+)$/.exec(hash);
  show(at ? Number(at[1]) : steps.length - 1);
  if (hash === "#walk") {
    const lines = [];
    for (let k = 0; k < steps.length; k++) {
      show(k);
      const cur = el(steps[k].node);
      lines.push([k, caption.textContent, cur.dataset.id, cur.classList.contains("current"),
        shown()].join("\t"));
    }
    fold(data.root, true);
    layout();
    lines.push(["folded", "root", shown()].join("\t"));
    unfoldAll();
    lines.push(["unfolded", "all", shown()].join("\t"));
    foldToLine();
    lines.push(["folded", "line", shown()].join("\t"));
    const walk = document.getElementById("walk");
    walk.textContent = lines.join("\n");
    walk.hidden = false;
    document.body.dataset.walked = "yes";
  }
})();
