// The step viewer's script (programs/writers/viewer/viewer.js): reads the run's data
// (schema warpsim-view/1, written by programs/writers/trace_html.c) from the page
// and shows one step at a time. Plain browser JavaScript, no libraries.
'use strict';
(function () {
  const data = JSON.parse(document.getElementById('warpsim-data').textContent);
  const $ = (id) => document.getElementById(id);
  const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
  const lanes = data.lanes;

  // ---- The steps, decoded ------------------------------------------------
  const steps = data.steps.map((s, i) => {
    const [block, warp, cuda, model, line, executed, exited, absent, reg, type, vals, reads, passed] = s;
    const step = {
      number: i + 1, block, warp, key: block + ',' + warp, line,
      cuda: data.texts[cuda], model: data.texts[model],
      executed: data.masks[executed], exited: data.masks[exited], absent: data.masks[absent],
      reg: reg < 0 ? null : data.texts[reg], type: type < 0 ? null : data.texts[type],
      values: [], reads: null, passed: null, diags: [],
    };
    // Value indexes, data.digits base-64 digits each ('~': none, -1).
    const indexes = (digits) => {
      const out = [];
      for (let k = 0; k < digits.length; k += data.digits) {
        let v = 0;
        for (let d = 0; d < data.digits; d++) v = v * 64 + DIGITS.indexOf(digits[k + d]);
        out.push(digits[k] === '~' ? -1 : v);
      }
      return out;
    };
    step.values = indexes(vals);
    // Users' kernels: what each lane that executed the step passed to the call.
    if (passed !== undefined) step.passed = indexes(passed);
    if (reads) {
      step.reads = [];
      for (let k = 0; k < reads.length; k += 2) {
        const src = reads[k + 1] === '~' ? -1 : DIGITS.indexOf(reads[k + 1]);
        step.reads.push({ kind: { '.': 'none', L: 'lane', O: 'own', I: 'inactive' }[reads[k]], source: src });
      }
    }
    return step;
  });
  data.diagnostics.forEach((d) => { if (d.step) steps[d.step - 1].diags.push(d); });
  // --cost: each step's cycles, when its warp is done so far, on the critical path or not.
  if (data.cost) {
    data.cost.steps.forEach(([cycles, done, critical, ops], i) => {
      steps[i].cost = { cycles, done, critical: critical === 1, ops: ops < 0 ? '' : data.texts[ops] };
    });
  }

  // The warps, in the order they first appear, with their steps.
  const warps = new Map();
  for (const s of steps) {
    if (!warps.has(s.key)) warps.set(s.key, { block: s.block, warp: s.warp, steps: [], regs: [] });
    const w = warps.get(s.key);
    s.inWarp = w.steps.length;
    w.steps.push(s);
    if (s.reg && !w.regs.includes(s.reg)) w.regs.push(s.reg);
    if (s.passed) w.passed = true;
  }

  // Lane masks are hex text ("0x0000ffff"): one bit per lane.
  function has(mask, lane) {
    const digit = mask.length - 1 - (lane >> 2);
    return digit >= 2 && (parseInt(mask[digit], 16) >> (lane & 3) & 1) === 1;
  }

  // ---- Values ----------------------------------------------------------------
  const view = new DataView(new ArrayBuffer(8));
  function asFloat(hex) {
    let x;
    if (hex.length === 10) { view.setUint32(0, parseInt(hex, 16)); x = view.getFloat32(0); }
    else { view.setBigUint64(0, BigInt(hex)); x = view.getFloat64(0); }
    if (Number.isNaN(x)) return 'nan(' + hex + ')';
    if (!Number.isFinite(x)) return x < 0 ? '-inf' : 'inf';
    if (Object.is(x, -0)) return '-0';
    if (hex.length === 10) {  // the fewest digits that read back to the same f32
      for (let p = 1; p <= 9; p++) if (Math.fround(+x.toPrecision(p)) === x) return String(+x.toPrecision(p));
    }
    return String(x);
  }
  // A value in the chosen form; sym sums have only their formula.
  function text(index) {
    const [bits, dec] = data.values[index];
    if (!bits || state.mode === 'dec') return dec;
    return state.mode === 'hex' ? bits : asFloat(bits);
  }
  // What a lane shows for a step: '-' once it has exited or does not
  // exist and did not execute the step (as the text and SVG traces).
  function gone(s, lane) {
    return (has(s.exited, lane) || has(s.absent, lane)) && !has(s.executed, lane);
  }
  // A user's call gives a value only to the lanes that ran it: '' elsewhere.
  function shown(s, lane) { return gone(s, lane) ? '-' : s.values[lane] < 0 ? '' : text(s.values[lane]); }
  // What the lane passed to the step's call, or '' (none recorded).
  function passedText(s, lane) { return s.passed && s.passed[lane] >= 0 ? text(s.passed[lane]) : ''; }
  function laneState(s, lane) {
    if (has(s.executed, lane)) return 'ran';
    if (has(s.absent, lane)) return 'absent';
    return has(s.exited, lane) ? 'exited' : 'idle';
  }
  // A read of a lane that did not take part, by what that lane was.
  function readKind(s, lane) {
    const r = s.reads && s.reads[lane];
    if (!r || r.kind !== 'inactive') return r ? r.kind : 'none';
    if (has(s.absent, r.source)) return 'absent';
    return has(s.exited, r.source) ? 'exited' : 'inactive';
  }

  function readText(s, lane) {
    const kind = readKind(s, lane), src = kind === 'none' ? 0 : s.reads[lane].source;
    return kind === 'none' ? '' : kind === 'own' ? 'out of range: kept its own value'
      : kind === 'lane' ? 'read lane ' + src : 'read lane ' + src + ' (' + kind + '): got 0';
  }

  // ---- State ---------------------------------------------------------------
  const state = { index: 0, warp: 'all', mode: 'dec', timer: null, lane: null, zoom: 1 };
  const order = () => (state.warp === 'all' ? steps : warps.get(state.warp).steps);

  // ---- The page, once ----------------------------------------------------------
  $('title').textContent = data.program;
  $('inactive-read').textContent = data.inactive_read; // the profile's word, as the traces' legends give it
  $('meta').textContent = [data.profile, data.type, lanes + ' lanes', data.options, data.summary]
    .filter(Boolean).join(' \u00b7 ');
  data.cuda.forEach((line, i) => {
    const div = document.createElement('div');
    div.className = 'line';
    div.id = 'line-' + i;
    div.textContent = line || ' ';
    $('listing').appendChild(div);
  });
  const head = $('lanehead');
  head.appendChild(document.createElement('th')).textContent = 'lane';
  for (let lane = 0; lane < lanes; lane++) {
    const th = head.appendChild(document.createElement('th'));
    th.textContent = lane;
    th.dataset.lane = lane;
    th.title = 'lane ' + lane + ': its history';
  }
  $('xbarcell').colSpan = lanes;
  if (warps.size > 1) {
    $('warpbox').hidden = false;
    const all = $('warp').appendChild(document.createElement('option'));
    all.value = 'all';
    all.textContent = 'all, in trace order';
    for (const [key, w] of warps) {
      const o = $('warp').appendChild(document.createElement('option'));
      o.value = key;
      o.textContent = 'block ' + w.block + ', warp ' + w.warp + ' (' + w.steps.length + ' steps)';
    }
  }
  if (data.diagnostics.length) {
    $('alldiags').hidden = false;
    $('alldiags').querySelector('summary').textContent =
      'every diagnostic of the run (' + data.diagnostics.length +
      (data.diagnostics_dropped ? ', ' + data.diagnostics_dropped + ' more not kept' : '') + ')';
    for (const d of data.diagnostics) {
      const li = $('alldiags').querySelector('ol').appendChild(document.createElement('li'));
      li.textContent = (d.step ? 'step ' + d.step : 'no step') + ', block ' + d.block + ', warp ' + d.warp +
        ': ' + d.code + ': ' + d.message;
      if (d.step) li.onclick = () => go(d.step - 1);
    }
  }

  if (!steps.length) {  // nothing to step through
    $('where').textContent = 'no steps were recorded';
    $('controls').hidden = true;
    return;
  }

  // ---- Drawing a step ------------------------------------------------------------
  function render() {
    const s = steps[state.index];
    const w = warps.get(s.key);
    document.body.dataset.step = s.number;
    $('stepno').value = s.number;
    $('stepno').max = steps.length;
    $('stepcount').textContent = steps.length;
    const list = order(), at = list.indexOf(s);
    $('where').textContent = 'step ' + s.number + (warps.size > 1 ? ', block ' + s.block + ', warp ' + s.warp +
      ' (its step ' + (s.inWarp + 1) + ' of ' + w.steps.length + ')' : ' of ' + steps.length);
    $('first').disabled = $('prev').disabled = at <= 0;
    $('next').disabled = $('last').disabled = at >= list.length - 1;
    if (warps.size > 1) $('warp').value = state.warp;

    document.querySelectorAll('#listing .current').forEach((e) => e.classList.remove('current'));
    const line = $('line-' + s.line);
    if (line) {
      line.classList.add('current');
      // A long listing (a user's whole file) scrolls to keep the line in view; the page does not move.
      const box = $('listing'), top = line.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
    $('stepcuda').replaceChildren(document.createTextNode('runs '), codeOf(s.cuda));
    $('model').replaceChildren(document.createTextNode('model: '), codeOf(s.model));
    if (s.cost) {
      $('cost').hidden = false;
      const c = s.cost;
      $('cost').replaceChildren('cycles: ', Object.assign(document.createElement('b'), { textContent: c.cycles }),
        c.ops ? ' (' + c.ops + ')' : '', '; done at ' + c.done + ' of ' + data.cost.critical_path,
        c.critical ? Object.assign(document.createElement('span'), { className: 'critical',
          textContent: ' \u00b7 on the critical path' }) : '',
        Object.assign(document.createElement('small'), { textContent: 'cycle estimate (sm90): ' + data.cost.estimate }));
    }
    $('diags').replaceChildren(...s.diags.map((d) => {
      const div = document.createElement('div');
      div.className = 'diag';
      div.append(Object.assign(document.createElement('b'), { textContent: d.code }), ': ' + d.message);
      return div;
    }));

    // Each register of the warp: its value after the last step up to this
    // one that wrote it.
    const rows = [];
    for (const reg of w.regs) {
      let last = null, before = null;
      for (let k = s.inWarp; k >= 0; k--) {
        const t = w.steps[k];
        if (t.reg !== reg) continue;
        if (!last) last = t;
        else { before = t; break; }
      }
      rows.push(row(reg, last, before, last === s));
    }
    $('regs').replaceChildren(...rows);
    fit();
    drawCrossbar(s);
    if (state.lane !== null) history();
    location.replace('#step=' + s.number);
  }

  // A value in a cell: long sums may break after each '+'.
  function setValue(el, value) {
    el.replaceChildren();
    value.split('+').forEach((part, i, all) => {
      el.append(part + (i < all.length - 1 ? '+' : ''));
      if (i < all.length - 1) el.append(document.createElement('wbr'));
    });
  }

  function codeOf(textValue) {
    return Object.assign(document.createElement('code'), { textContent: textValue || '' });
  }

  function row(reg, s, before, current) {
    const tr = document.createElement('tr');
    tr.className = current ? 'current' : 'old';
    tr.dataset.reg = reg;
    const th = tr.appendChild(document.createElement('th'));
    th.scope = 'row';
    th.append(reg + ' ', Object.assign(document.createElement('small'), { textContent: s ? s.type : '' }));
    for (let lane = 0; lane < lanes; lane++) {
      const td = tr.appendChild(document.createElement('td'));
      td.dataset.lane = lane;
      if (!s) continue;
      setValue(td, shown(s, lane));
      td.title = s.values[lane] < 0 ? reg + ': none (the lane did not run this call), step ' + s.number
        : reg + ' = ' + data.values[s.values[lane]][1] + (s.type === 'sym' ? '' : ' (' +
        data.values[s.values[lane]][0] + ')') + ', step ' + s.number;
      const cls = [];
      if (current) cls.push(laneState(s, lane));
      if (current && before && before.values[lane] !== s.values[lane] && !gone(s, lane) && s.values[lane] >= 0)
        cls.push('changed');
      const kind = current ? readKind(s, lane) : 'none';
      if (kind === 'own') td.dataset.mark = 'own';
      else if (kind !== 'none' && kind !== 'lane') td.dataset.mark = '0 \u2190 ' + s.reads[lane].source;
      if (kind !== 'none') td.title += '; ' + readText(s, lane);
      if (passedText(s, lane)) {  // what went in, under what came out
        const p = data.values[s.passed[lane]];
        td.title += '; passed ' + p[1] + (s.type === 'sym' ? '' : ' (' + p[0] + ')');
        if (current) {
          td.append(Object.assign(document.createElement('small'),
            { className: 'passed', textContent: 'in ' + passedText(s, lane) }));
        }
      }
      if (kind !== 'none' && kind !== 'lane') cls.push('read-' + kind);
      if (state.lane === lane) cls.push('picked');
      td.className = cls.join(' ');
    }
    return tr;
  }

  // Every lane in view: the cells share the window's width, and their type
  // is as large as the widest value of the run allows (values longer than
  // 12 characters wrap), from the full size down to 11 px at zoom 1. A
  // column is never narrower than 4 characters of that size (a sym sum: its
  // longest term, up to 8), so that a number like -265 stays on one line:
  // past that, the table scrolls sideways.
  let fitted = '';
  function fit() {
    const key = state.mode + ' ' + state.zoom + ' ' + $('gridwrap').clientWidth;
    if (key === fitted) return;
    fitted = key;
    let chars = 2, piece = 2;
    for (const [bits, dec] of data.values) {
      const t = !bits || state.mode === 'dec' ? dec : state.mode === 'hex' ? bits : asFloat(bits);
      chars = Math.max(chars, Math.min(12, t.length));
      if (!bits) for (const term of dec.split('+')) piece = Math.max(piece, Math.min(8, term.length + 1));
    }
    piece = Math.max(piece, Math.min(chars, 4));
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const head = 5 * root, spacing = 2 * (lanes + 2);
    const full = 0.9 * root, least = 11 * state.zoom;
    const column = Math.max((0.62 * piece + 0.3) * least, ($('gridwrap').clientWidth - head - spacing) / lanes);
    const size = Math.max(least, Math.min(full, column / (0.62 * chars + 0.5)));
    const grid = $('grid');
    grid.style.setProperty('--cell', size + 'px');
    grid.style.setProperty('--column', column + 'px');
    grid.style.width = head + spacing + lanes * column + 'px';
  }

  // Arrows from each source lane to the lane that read it.
  function drawCrossbar(s) {
    const svg = $('xbar'), rowEl = $('xbarrow');
    rowEl.classList.toggle('none', !s.reads);
    if (!s.reads) { svg.innerHTML = ''; return; }
    const width = svg.clientWidth || 1, height = svg.clientHeight || 1, col = width / lanes;
    const x = (lane) => (lane + 0.5) * col;
    const colours = { lane: '#2a62b8', own: '#d98a00', inactive: '#d11f1f', exited: '#d11f1f', absent: '#d11f1f' };
    const dashes = { lane: '', own: '4 3', inactive: '2 2', exited: '2 2', absent: '2 2' };
    let out = '';
    ['lane', 'own', 'inactive', 'exited', 'absent'].forEach((want) => {
      for (let lane = 0; lane < lanes; lane++) {
        const kind = readKind(s, lane);
        if (kind !== want) continue;
        const to = x(lane), from = kind === 'own' ? to : x(s.reads[lane].source);
        const c = colours[kind];
        out += '<g class="arrow ' + kind + '" data-lane="' + lane + '" data-source="' + s.reads[lane].source + '">';
        if (kind === 'own') {
          out += '<path d="M' + (to - col * 0.2) + ',' + (height - 4) + ' C' + (to - col * 0.4) + ',4 ' +
            (to + col * 0.4) + ',4 ' + (to + col * 0.2) + ',' + (height - 4) + '" fill="none" stroke="' + c +
            '" stroke-width="1.5" stroke-dasharray="' + dashes[kind] + '"/>';
        } else {
          out += '<line x1="' + from + '" y1="2" x2="' + to + '" y2="' + (height - 6) + '" stroke="' + c +
            '" stroke-width="1.5" stroke-dasharray="' + dashes[kind] + '"/>';
        }
        out += '<path d="M' + (to - 4) + ',' + (height - 7) + ' L' + to + ',' + height + ' L' + (to + 4) + ',' +
          (height - 7) + ' z" fill="' + c + '"/></g>';
      }
    });
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    svg.innerHTML = out;
  }

  // ---- A lane's history ------------------------------------------------------------
  function history() {
    const lane = state.lane, cur = steps[state.index], w = warps.get(cur.key);
    const box = $('history');
    box.hidden = false;
    const h2 = document.createElement('h2');
    const close = Object.assign(document.createElement('button'), { textContent: '\u00d7', title: 'close (Esc)' });
    close.onclick = () => pick(null);
    h2.append('lane ' + lane + (warps.size > 1 ? ' of block ' + w.block + ', warp ' + w.warp : '') +
      ': every step', close);
    const table = document.createElement('table');
    table.innerHTML = '<thead><tr><th>step</th><th>CUDA</th><th>register</th>' +
      (w.passed ? '<th>passed</th>' : '') + '<th>value</th><th>read</th>' +
      (data.cost ? '<th>cycles</th><th>done</th>' : '') + '</tr></thead>';
    const body = table.appendChild(document.createElement('tbody'));
    for (const s of w.steps) {
      const tr = body.appendChild(document.createElement('tr'));
      if (s === cur) tr.className = 'current';
      const cells = [s.number, s.cuda, s.reg || ''];
      if (w.passed) cells.push(passedText(s, lane));  // only for warps with steps that have them
      cells.push(s.reg ? shown(s, lane) : '', readText(s, lane));
      if (s.cost) cells.push(s.cost.cycles, s.cost.done + (s.cost.critical ? ' *' : ''));
      const mono = w.passed ? [1, 3, 4] : [1, 3];
      cells.forEach((v, i) => {
        const td = tr.appendChild(document.createElement('td'));
        td.textContent = v;
        if (mono.includes(i)) td.className = 'mono';
      });
      tr.onclick = () => go(s.number - 1);
    }
    box.replaceChildren(h2, table);
    document.querySelectorAll('#lanehead th').forEach((th) => th.classList.toggle('picked', th.dataset.lane == lane));
  }
  function pick(lane) {
    state.lane = lane;
    if (lane === null) {
      $('history').hidden = true;
      document.querySelectorAll('#lanehead th.picked').forEach((th) => th.classList.remove('picked'));
    }
    render();
  }

  // ---- Moving ----------------------------------------------------------------------
  function go(index) {
    index = Math.max(0, Math.min(steps.length - 1, index));
    if (state.warp !== 'all' && steps[index].key !== state.warp) state.warp = steps[index].key;
    state.index = index;
    render();
  }
  function move(delta) {  // within the order shown: the chosen warp, or all
    const list = order(), at = list.indexOf(steps[state.index]);
    const to = delta === -Infinity ? 0 : delta === Infinity ? list.length - 1 :
      Math.max(0, Math.min(list.length - 1, at + delta));
    if (to !== at) go(list[to].number - 1);
    return to !== at;
  }
  function play(on) {
    clearInterval(state.timer);
    state.timer = null;
    if (on) {
      const list = order();
      if (list.indexOf(steps[state.index]) >= list.length - 1) move(-Infinity);
      state.timer = setInterval(() => { if (!move(1)) play(false); }, 1000 / Number($('speed').value));
    }
    $('play').textContent = on ? '\u2016 pause' : '\u25b6 play';
  }
  function speed(delta) {
    const sel = $('speed');
    sel.selectedIndex = Math.max(0, Math.min(sel.options.length - 1, sel.selectedIndex + delta));
    if (state.timer) play(true);
  }
  function zoom(factor) {
    state.zoom = Math.max(0.5, Math.min(3, state.zoom * factor));
    document.documentElement.style.setProperty('--zoom', state.zoom);
    render();
  }
  function setMode(mode) { state.mode = $('mode').value = mode; render(); }

  $('first').onclick = () => move(-Infinity);
  $('prev').onclick = () => move(-1);
  $('next').onclick = () => move(1);
  $('last').onclick = () => move(Infinity);
  $('play').onclick = () => play(!state.timer);
  $('speed').onchange = () => { if (state.timer) play(true); };
  $('mode').onchange = () => setMode($('mode').value);
  $('warp').onchange = () => {
    state.warp = $('warp').value;
    if (state.warp !== 'all') {  // its step nearest to the one shown
      const list = order(), after = list.find((s) => s.number >= state.index + 1);
      state.index = (after || list[list.length - 1]).number - 1;
    }
    render();
  };
  $('stepno').onchange = () => go(Number($('stepno').value) - 1);
  $('smaller').onclick = () => zoom(1 / 1.15);
  $('larger').onclick = () => zoom(1.15);
  $('lanehead').onclick = (e) => { if (e.target.dataset.lane !== undefined) pick(Number(e.target.dataset.lane)); };
  $('regs').onclick = (e) => {
    const td = e.target.closest('td');
    if (td) pick(Number(td.dataset.lane));
  };
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    const keys = {
      ArrowRight: () => move(1), ArrowLeft: () => move(-1), Home: () => move(-Infinity), End: () => move(Infinity),
      ' ': () => play(!state.timer), ']': () => speed(1), '[': () => speed(-1),
      d: () => setMode('dec'), h: () => setMode('hex'), f: () => setMode('float'),
      '+': () => zoom(1.15), '=': () => zoom(1.15), '-': () => zoom(1 / 1.15), Escape: () => pick(null),
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener('resize', () => { fit(); drawCrossbar(steps[state.index]); });
  // The step in the address: #step=N opens step N.
  function fromHash() {
    const m = /^#step=(\d+)$/.exec(location.hash);
    if (m && Number(m[1]) - 1 !== state.index) go(Number(m[1]) - 1);
  }
  window.addEventListener('hashchange', fromHash);

  const m = /^#step=(\d+)$/.exec(location.hash);
  go(m ? Number(m[1]) - 1 : 0);
})();
