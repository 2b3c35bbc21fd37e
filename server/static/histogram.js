// The distance histogram beside the board: how many boards of the size lie
// at each distance from the goal, the difficulty chosen as a band behind
// the bars, and the board played marked. It is drawn when the size, its
// distribution or the difficulty changes; a move only moves the mark.

const SVG = "http://www.w3.org/2000/svg";
const W = 300, H = 150, PAD_L = 4, PAD_B = 18, PAD_T = 18;

function svg(tag, attrs, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

export class Histogram {
  // box holds the chart, caption says what it shows.
  constructor(box, caption) {
    this.box = box;
    this.caption = caption;
    this.st = null;
    this.d = null;
  }

  // draw draws the distribution st (an /api/stats object) of size info
  // (an /api/sizes entry) with distances lo to hi shaded; st null means
  // it is still loading, or not known for the size.
  draw(info, st, lo, hi) {
    this.info = info;
    this.st = null;
    this.box.replaceChildren();
    this.box.dataset.here = "";
    if (!info.table && !info.published) {
      this.caption.textContent = `There is no table for ${info.size} (it has too many boards), so how many boards lie at each distance is not known here; distances come from an optimal search.`;
      return;
    }
    if (!st) {
      this.caption.textContent = "Loading the distribution…";
      return;
    }
    this.st = st;
    const counts = st.counts, n = counts.length, top = Math.max(...counts);
    this.bw = (W - PAD_L * 2) / n;
    this.root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img" });
    if (lo <= hi && lo < n) {
      this.root.append(svg("rect", { class: "band", x: PAD_L + lo * this.bw, y: PAD_T, width: (Math.min(hi, n - 1) - lo + 1) * this.bw, height: H - PAD_B - PAD_T }));
    }
    // A line through the current distance, visible even where its bar is tiny.
    this.line = svg("line", { class: "here", y1: PAD_T - 2, y2: H - PAD_B, visibility: "hidden" });
    this.root.append(this.line);
    this.bars = counts.map((c, i) => {
      const h = c === 0 ? 0 : Math.max(1, (H - PAD_B - PAD_T) * c / top);
      const r = svg("rect", { class: "bar", x: PAD_L + i * this.bw + 0.5, y: H - PAD_B - h, width: Math.max(0.5, this.bw - 1), height: h });
      r.append(svg("title", {}, `distance ${i}: ${c.toLocaleString("en")} boards`));
      this.root.append(r);
      return r;
    });
    this.root.append(svg("text", { x: PAD_L, y: H - 4 }, "0"));
    this.root.append(svg("text", { x: W - PAD_L, y: H - 4, "text-anchor": "end" }, String(st.max)));
    this.label = svg("text", { class: "here", y: 12, visibility: "hidden" });
    this.root.append(this.label);
    this.box.replaceChildren(this.root);
    const d = this.d;
    this.d = undefined;
    this.mark(d);
  }

  // mark marks distance d, or nothing for null (not known yet).
  mark(d) {
    if (d === this.d) return;
    const old = this.d;
    this.d = d;
    const st = this.st;
    if (!st) return;
    const n = st.counts.length, on = d !== null && d < n;
    if (old !== null && old !== undefined && old < n) this.bars[old].setAttribute("class", "bar");
    this.line.setAttribute("visibility", on ? "visible" : "hidden");
    this.label.setAttribute("visibility", on ? "visible" : "hidden");
    if (on) {
      const x = PAD_L + (d + 0.5) * this.bw;
      this.bars[d].setAttribute("class", "bar here");
      this.line.setAttribute("x1", x);
      this.line.setAttribute("x2", x);
      this.label.setAttribute("x", x);
      this.label.setAttribute("text-anchor", x < 40 ? "start" : x > W - 40 ? "end" : "middle");
      this.label.textContent = `you: ${d}`;
    }
    const multi = this.info.metric === "multi";
    this.root.setAttribute("aria-label", `Number of ${this.info.size} boards at each distance${multi ? " in multi-tile moves" : ""} from 0 to ${st.max}${on ? `; this board is at ${d}` : ""}`);
    this.box.dataset.here = on ? String(d) : "";
    const at = on ? st.counts[d] : 0;
    const search = "distances here come from an optimal search. ";
    this.caption.textContent = (st.source ? `Published counts (${st.source}); ${search}` : "") +
      `${st.states.toLocaleString("en")} boards can be solved; the farthest are ${st.max} moves away. ` +
      (!on ? "" : at === 1 ? `This is the only board ${d} moves from solved.` :
        `${at.toLocaleString("en")} boards are ${d} move${d === 1 ? "" : "s"} from solved, like this one.`);
  }
}
