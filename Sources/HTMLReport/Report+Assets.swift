extension Report {
    /// The page's style: system fonts, the diagrams' role colours, a two-column walkthrough on wide screens.
    static let stylesheet = """
        :root { --ink:#111827; --muted:#6b7280; --line:#e5e7eb; --accent:#dc2626; --panel:#f9fafb; --blue:#2563eb; }
        * { box-sizing: border-box; }
        html { scroll-behavior: smooth; }
        body { margin: 0; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink); background: #fff; }
        code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .muted { color: var(--muted); }
        header.top { padding: 18px 28px 10px; border-bottom: 1px solid var(--line); background: linear-gradient(#f8fafc, #fff); }
        .brand { font-size: 12px; letter-spacing: .08em; text-transform: uppercase; color: var(--blue); font-weight: 600; }
        h1 { margin: 2px 0 0; font-size: 24px; }
        h2 { font-size: 18px; margin: 28px 0 10px; }
        #subtitle { margin: 2px 0 8px; }
        .summary { display: flex; flex-wrap: wrap; gap: 6px 22px; margin: 6px 0 10px; }
        .summary div { display: flex; gap: 6px; }
        .summary dt { color: var(--muted); }
        .summary dd { margin: 0; font-weight: 600; }
        .card { margin: 0 0 10px; font-size: 13px; }
        .card summary { cursor: pointer; font-weight: 600; }
        .card ul { margin: 4px 0 0; padding-left: 18px; }
        nav a { margin-right: 16px; color: var(--blue); text-decoration: none; font-weight: 500; }
        main { padding: 0 28px 28px; }
        .walkthrough { display: grid; grid-template-columns: minmax(360px, 520px) 1fr; gap: 20px; margin-top: 18px; align-items: start; }
        .explain { position: sticky; top: 10px; background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 14px; }
        .controls { display: flex; align-items: center; gap: 6px; }
        .controls button { font-size: 15px; min-width: 36px; height: 32px; border: 1px solid #d1d5db; background: #fff; border-radius: 6px; cursor: pointer; }
        .controls button:hover { background: #eef2ff; }
        .position { flex: 1; text-align: center; font-weight: 600; }
        #scrub { width: 100%; margin: 8px 0 4px; }
        .step { min-height: 190px; }
        .step-cycle { color: var(--blue); font-weight: 600; font-size: 12px; text-transform: none; margin-top: 6px; }
        .step-headline { font: 600 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: 6px 0; word-break: break-word; }
        .step-text { margin: 6px 0; font-size: 15px; }
        .step-why { margin: 6px 0; color: #374151; }
        .step-why b, .step-data b { color: #0e7490; }
        .step-code code { color: #166534; white-space: pre-wrap; display: inline-block; vertical-align: top; }
        .step-file summary { cursor: pointer; color: #374151; font-size: 12px; }
        .step-file pre { max-height: 320px; overflow: auto; margin: 6px 0 0; padding: 6px 0; background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 4px; font-size: 11px; }
        .step-file .line { display: block; padding: 0 8px; white-space: pre; }
        .step-file .line::before { content: attr(data-n); display: inline-block; width: 3em; color: #9ca3af; }
        .step-file .line.sends { background: #dcfce7; font-weight: 600; }
        .step-data { margin: 6px 0; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #4b5563; word-break: break-word; }
        .hint { font-size: 12px; color: var(--muted); margin: 6px 0; }
        figure { margin: 0; }
        .cycle svg { width: 100%; height: auto; }
        .sequence { overflow: auto; max-height: 86vh; border: 1px solid var(--line); border-radius: 10px; background: #fff; }
        .sequence svg { display: block; }
        .sequence g.current > path, .sequence g.current > polygon { stroke: var(--accent) !important; stroke-width: 3px; }
        .sequence g.current > polygon:first-of-type { fill: var(--accent); }
        .sequence g.current-label text { fill: var(--accent) !important; font-weight: 700; }
        .sequence g.current-label polygon { fill: #fee2e2; }
        .sequence g.edge, .sequence g.node { cursor: pointer; }
        .cycle g.current > path { stroke: var(--accent) !important; stroke-width: 5px; }
        .cycle g.current > polygon:first-of-type { stroke: var(--accent) !important; fill: var(--accent) !important; }
        .cycle g.current text { fill: var(--accent) !important; }
        .cycle g.current-node > path, .cycle g.current-node > polygon, .cycle g.current-node > ellipse { stroke: var(--accent) !important; stroke-width: 4px; }
        .filters { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; margin-bottom: 10px; }
        .filters select, .filters input { font: inherit; padding: 3px 6px; border: 1px solid #d1d5db; border-radius: 6px; }
        .table-wrap { overflow: auto; max-height: 70vh; border: 1px solid var(--line); border-radius: 10px; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th { position: sticky; top: 0; background: #f3f4f6; text-align: left; font-weight: 600; padding: 6px 8px; border-bottom: 1px solid var(--line); z-index: 1; }
        td { padding: 5px 8px; border-bottom: 1px solid #f1f5f9; vertical-align: top; }
        td.num { text-align: right; color: var(--muted); font-variant-numeric: tabular-nums; }
        td.payload, td.at { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #374151; word-break: break-word; }
        td.at { color: var(--muted); white-space: nowrap; }
        tr { cursor: pointer; }
        tr:hover td { background: #f8fafc; }
        tr.current td { background: #fee2e2; }
        .kind { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 11px; background: #e5e7eb; }
        .kind-request, .kind-event { background: #dbeafe; } .kind-response { background: #dcfce7; } .kind-display { background: #f3e8ff; }
        .kind-workerCall, .kind-workerResult { background: #cffafe; } .kind-workerError { background: #fee2e2; }
        .kind-dataStoreWrite, .kind-stateWrite, .kind-publish { background: #fef3c7; } .kind-dataPassing { background: #ccfbf1; }
        .kind-route, .kind-navigation { background: #ede9fe; }
        .diagram { margin: 12px 0 26px; overflow: auto; border: 1px solid var(--line); border-radius: 10px; padding: 10px; }
        .diagram figcaption { font-weight: 600; margin-bottom: 6px; }
        #story-steps li { margin: 3px 0; }
        footer { padding: 14px 28px 24px; border-top: 1px solid var(--line); font-size: 12px; }
        @media (max-width: 980px) { .walkthrough { grid-template-columns: 1fr; } .explain { position: static; } }
        """

    /// The page's behaviour. It reads the JSON data and builds everything with `textContent`.
    static let script = """
        (function () {
          'use strict';
          const data = JSON.parse(document.getElementById('data').textContent);
          const $ = (id) => document.getElementById(id);
          const el = (tag, text, cls) => { const e = document.createElement(tag); if (text != null) e.textContent = text; if (cls) e.className = cls; return e; };

          $('title').textContent = data.title;
          $('subtitle').textContent = data.subtitle;
          $('footer-file').textContent = data.file;
          for (const [name, value] of data.summary) {
            const div = el('div'); div.append(el('dt', name), el('dd', value)); $('summary').append(div);
          }
          if (data.description) { const p = el('p', data.description, 'muted'); $('subtitle').after(p); }
          for (const line of data.story) $('story-steps').append(el('li', line));

          // Step-through.
          const steps = data.steps;
          let index = 0;
          let marked = [];
          const mark = (node, cls) => { if (node) { node.classList.add(cls); marked.push([node, cls]); } };
          // The whole file that sends the current message, its sending lines highlighted; open stays open.
          let shownFile = -1;
          const showFile = (at) => {
            const box = $('step-file');
            if (!at || !data.code[at.file]) { box.hidden = true; return; }
            const file = data.code[at.file];
            box.hidden = false;
            box.querySelector('summary').textContent = data.labels.wholeFile + ': ' + file.name;
            const pre = box.querySelector('pre');
            if (shownFile !== at.file) {
              pre.textContent = '';
              file.text.split('\\n').forEach((text, i) => { const line = el('span', text, 'line'); line.dataset.n = String(i + 1); pre.append(line); });
              shownFile = at.file;
            }
            pre.querySelectorAll('.sends').forEach((line) => line.classList.remove('sends'));
            for (const n of at.lines) { const line = pre.children[n - 1]; if (line) line.classList.add('sends'); }
            const first = pre.children[at.lines[0] - 1];
            if (first && box.open) pre.scrollTop = Math.max(0, first.offsetTop - pre.offsetTop - 60);
          };
          $('step-file').addEventListener('toggle', () => { const step = steps[index]; if (step) showFile(step.codeAt); });
          const stepOfSeq = new Map();
          steps.forEach((step, i) => { for (const seq of step.seq) if (!stepOfSeq.has(seq)) stepOfSeq.set(seq, i); });
          $('scrub').max = String(Math.max(0, steps.length - 1));

          // Scrolls the sequence diagram (only it) so `node` is in the middle; an arrow wider than the pane is
          // placed so its label (which sits at the sender's end) shows whole.
          function reveal(node) {
            const box = $('sequence'), r = node.getBoundingClientRect(), b = box.getBoundingClientRect();
            box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
            const texts = [...node.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
            if (r.width <= b.width || !texts.length) {
              box.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2);
              return;
            }
            const left = Math.min(...texts.map((t) => t.left)), right = Math.max(...texts.map((t) => t.right));
            box.scrollLeft += right - left <= b.width ? (left + right) / 2 - (b.left + b.width / 2) : left - b.left - 16;
          }

          // A long run's sequence diagram comes in pages: the one holding message `seq` is shown.
          const pages = [...document.querySelectorAll('#sequence > .page')];
          function showPage(seq) {
            const page = pages.find((p) => Number(p.dataset.first) <= seq && (p.dataset.last === '0' || seq <= Number(p.dataset.last)));
            if (page) for (const p of pages) p.hidden = p !== page;
            return page;
          }

          const lastMessage = data.events.length ? data.events[data.events.length - 1].seq : 0;
          function positionOf(step) {
            switch (step.kind) {
              case 'message': return 'message ' + step.seq[0] + ' of ' + lastMessage;
              case 'setup': return 'wiring';
              case 'cycleStart': return 'cycle ' + step.cycle + ' begins';
              case 'cycleEnd': return 'cycle ' + step.cycle + ' ends';
              default: return 'the end';
            }
          }

          function show(i, scroll) {
            index = Math.max(0, Math.min(steps.length - 1, i));
            const step = steps[index];
            for (const [node, cls] of marked) node.classList.remove(cls);
            marked = [];
            const onPage = step.seq.length ? pages.indexOf(showPage(step.seq[0])) : -1;
            // One number per place: a message by its number in the diagram and the table, the other steps by what they are.
            $('position').textContent = positionOf(step) + (pages.length > 1 && onPage >= 0 ? ' · page ' + (onPage + 1) + ' of ' + pages.length : '');
            $('scrub').value = String(index);
            $('step-cycle').textContent = step.cycle != null ? 'cycle ' + step.cycle : '';
            $('step-headline').textContent = step.headline || '';
            $('step-text').textContent = step.text;
            $('step-why').textContent = '';
            if (step.why) { $('step-why').append(el('b', data.labels.why + ': '), document.createTextNode(step.why)); }
            if (step.rule) { $('step-why').append(el('b', data.labels.rule + ': '), document.createTextNode(step.rule)); }
            $('step-data').textContent = '';
            if (step.data) { $('step-data').append(el('b', data.labels.carries + ': '), document.createTextNode(step.data)); }
            $('step-code').textContent = '';
            if (step.code) { $('step-code').append(el('b', data.labels.code + ': '), el('code', step.code)); }
            showFile(step.codeAt);
            if (step.kind === 'message') {
              const seq = step.seq[0];
              const prefix = onPage >= 0 ? pages[onPage].dataset.prefix : 'seq1';
              // The label is the arrow's own (a self-message's too): one group, both highlights.
              const arrow = $(prefix + '-m' + seq);
              mark(arrow, 'current'); mark(arrow, 'current-label');
              if (step.stage) {
                mark((step.returns && $('cyc-cycle-' + step.stage + '-back')) || $('cyc-cycle-' + step.stage), 'current');
              }
              if (step.receiver) mark($('cyc-cycle-node-' + step.receiver), 'current-node');
              const row = document.querySelector('tr[data-seq="' + seq + '"]');
              mark(row, 'current');
              if (scroll && arrow) reveal(arrow);
              history.replaceState(null, '', '#m' + seq);
            } else if (step.seq.length) {
              for (const seq of step.seq) mark(document.querySelector('tr[data-seq="' + seq + '"]'), 'current');
            }
          }

          $('first').onclick = () => show(0, true);
          $('prev').onclick = () => show(index - 1, true);
          $('next').onclick = () => show(index + 1, true);
          $('last').onclick = () => show(steps.length - 1, true);
          $('scrub').oninput = (e) => show(Number(e.target.value), true);
          document.addEventListener('keydown', (e) => {
            if (e.target && (e.target.tagName === 'INPUT' && e.target.type !== 'range' || e.target.tagName === 'SELECT')) return;
            if (e.key === 'ArrowRight') { show(index + 1, true); e.preventDefault(); }
            else if (e.key === 'ArrowLeft') { show(index - 1, true); e.preventDefault(); }
            else if (e.key === 'Home') { show(0, true); e.preventDefault(); }
            else if (e.key === 'End') { show(steps.length - 1, true); e.preventDefault(); }
          });
          // Clicking an arrow or its label in the sequence diagram jumps there.
          $('sequence').addEventListener('click', (e) => {
            const g = e.target.closest('g[id^="seq"]');
            const found = g && /^seq[0-9]+-m([0-9]+)$/.exec(g.id);
            if (!found) return;
            const seq = Number(found[1]);
            if (stepOfSeq.has(seq)) show(stepOfSeq.get(seq), false);
          });

          // Message table with filters.
          const tbody = document.querySelector('#table tbody');
          const scenes = new Set(), components = new Set(), kinds = new Set();
          for (const e of data.events) {
            const tr = el('tr');
            tr.dataset.seq = e.seq;
            tr.dataset.scenes = [e.fromScene, e.toScene].filter(Boolean).map((s) => s.split('#')[0]).join(' ');
            tr.dataset.components = e.from + ' ' + e.to;
            tr.dataset.kind = e.kind;
            tr.append(el('td', String(e.seq), 'num'), el('td', e.t + ' ms', 'num'), el('td', e.cycle != null ? String(e.cycle) : '', 'num'));
            const kind = el('td'); kind.append(el('span', e.kind, 'kind kind-' + e.kind)); tr.append(kind);
            tr.append(el('td', e.from + ' → ' + e.to), el('td', e.message), el('td', e.payload || '', 'payload'), el('td', e.at || '', 'at'));
            tr.onclick = () => { if (stepOfSeq.has(e.seq)) { show(stepOfSeq.get(e.seq), true); $('walkthrough').scrollIntoView(); } };
            tbody.append(tr);
            for (const s of [e.fromScene, e.toScene]) if (s) scenes.add(s.split('#')[0]);
            components.add(e.from); components.add(e.to); kinds.add(e.kind);
          }
          const fill = (select, values) => { for (const v of [...values].sort()) select.append(el('option', v)); };
          fill($('filter-scene'), scenes); fill($('filter-component'), components); fill($('filter-kind'), kinds);
          function filter() {
            const scene = $('filter-scene').value, component = $('filter-component').value, kind = $('filter-kind').value;
            const text = $('filter-text').value.toLowerCase();
            let shown = 0;
            for (const tr of tbody.rows) {
              const ok = (!scene || tr.dataset.scenes.split(' ').includes(scene))
                && (!component || tr.dataset.components.split(' ').includes(component))
                && (!kind || tr.dataset.kind === kind)
                && (!text || tr.textContent.toLowerCase().includes(text));
              tr.hidden = !ok;
              if (ok) shown++;
            }
            $('filter-count').textContent = shown + ' of ' + tbody.rows.length + ' messages';
          }
          for (const id of ['filter-scene', 'filter-component', 'filter-kind']) $(id).onchange = filter;
          $('filter-text').oninput = filter;
          filter();

          // Start where the address says (#m11), else at the first message.
          const wanted = /^#m(\\d+)$/.exec(location.hash);
          const firstMessage = steps.findIndex((s) => s.kind === 'message');
          show(wanted && stepOfSeq.has(Number(wanted[1])) ? stepOfSeq.get(Number(wanted[1])) : Math.max(0, firstMessage), true);
        })();
        """
}
