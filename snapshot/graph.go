package snapshot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// graph checks the references that could not be checked as they were read: those to vertices that
// come later (the first is reported: a snapshot lists vertices in dependency order) or not at all, and
// then the cycles they close.
func (r *run) graph() {
	forward := false
	for _, p := range r.pending {
		to, ok := r.byName[p.to]
		if !ok {
			r.report(p.pos, p.subject, p.path, fmt.Sprintf("a reference to %q, which is not a %s of the snapshot", p.to, r.noun()))
			continue
		}
		r.edges = append(r.edges, edge{p.from, to, p.pos})
		r.checkTarget(p, to)
		if to != p.from && !forward {
			forward = true
			r.report(p.pos, p.subject, p.path, fmt.Sprintf("a forward reference to %q, which comes later (at %s): every %s must come after those it refers to",
				p.to, r.vertices[to].pos, r.noun()))
		}
	}
	if len(r.pending) > 0 {
		r.cycles()
	}
}

// cycles reports each cycle of references: one per strongly connected component, found with Tarjan's
// algorithm (without recursion, for long chains).
func (r *run) cycles() {
	n := len(r.vertices)
	// The edges by their source, as compressed rows.
	start := make([]int32, n+1)
	for _, e := range r.edges {
		start[e.from+1]++
	}
	for i := range n {
		start[i+1] += start[i]
	}
	out := make([]int32, len(r.edges))
	fill := slices.Clone(start[:n])
	for i, e := range r.edges {
		out[fill[e.from]] = int32(i)
		fill[e.from]++
	}

	const unvisited = -1
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = unvisited
	}
	var stack []int32
	type frame struct{ v, next int32 }
	var calls []frame
	counter := int32(0)
	for root := range int32(n) {
		if index[root] != unvisited {
			continue
		}
		calls = append(calls, frame{root, start[root]})
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.next < start[f.v+1] {
				w := r.edges[out[f.next]].to
				f.next++
				switch {
				case index[w] == unvisited:
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, start[w]})
				case onStack[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			i := len(stack) - 1
			for stack[i] != v {
				i--
			}
			scc := slices.Clone(stack[i:])
			for _, w := range scc {
				onStack[w] = false
			}
			stack = stack[:i]
			r.cycle(scc, start, out)
		}
	}
}

// cycle reports the cycle through the component scc, if it is one: a shortest path from its first
// vertex back to itself.
func (r *run) cycle(scc []int32, start, out []int32) {
	// A vertex that refers to itself is a cycle of its own.
	for _, v := range scc {
		for k := start[v]; k < start[v+1]; k++ {
			if e := r.edges[out[k]]; e.to == v {
				name := strconv.Quote(r.vertices[v].name)
				r.report(e.pos, r.noun()+" "+name, "", "a reference to itself; a snapshot is acyclic")
				break
			}
		}
	}
	if len(scc) == 1 {
		return
	}
	s := slices.Min(scc)
	in := make(map[int32]bool, len(scc))
	for _, v := range scc {
		in[v] = true
	}
	// Breadth first from s, through the component, back to s.
	via := map[int32]int32{} // vertex → edge it was reached by
	queue := []int32{s}
	found := int32(-1)
	for len(queue) > 0 && found < 0 {
		v := queue[0]
		queue = queue[1:]
		for k := start[v]; k < start[v+1]; k++ {
			e := out[k]
			w := r.edges[e].to
			if w == v {
				continue
			}
			if w == s {
				found = e
				break
			}
			if _, seen := via[w]; !seen && in[w] {
				via[w] = e
				queue = append(queue, w)
			}
		}
	}
	if found < 0 {
		return // cannot be: a component of two or more vertices has a cycle through each
	}
	path := []int32{s}
	first := found
	for v := r.edges[found].from; v != s; v = r.edges[via[v]].from {
		path = append(path, v)
		first = via[v]
	}
	path = append(path, s)
	slices.Reverse(path[1 : len(path)-1])
	names := make([]string, len(path))
	for i, v := range path {
		names[i] = strconv.Quote(r.vertices[v].name)
	}
	r.report(r.edges[first].pos, r.noun()+" "+strconv.Quote(r.vertices[s].name), "",
		"a cycle of references: "+strings.Join(names, " -> ")+"; a snapshot is acyclic")
}
