"""The package's shape in figures: lines per layer, and which layer imports which.

    python -m tests.bench.layers

Reads the import graph the way tests/test_architecture.py does (every import
statement, those inside functions too) and prints it folded to the layers,
with each layer's line count (every line, as wc -l counts them).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from tests.test_architecture import ROOT, find_cycle, graph, modules


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "ui" and parts[2] == "dom":
        return "reversi.ui.dom"
    return ".".join(parts[:2]) if len(parts) > 1 else module


def main() -> None:
    lines: Counter[str] = Counter()
    files: Counter[str] = Counter()
    for module, path in modules().items():
        lines[layer(module)] += len(path.read_text(encoding="utf-8").splitlines())
        files[layer(module)] += 1
    print(f"{'layer':<18} {'files':>5} {'lines':>6}")
    for name in sorted(lines, key=lambda n: -lines[n]):
        print(f"{name:<18} {files[name]:>5} {lines[name]:>6}")
    print(f"{'total':<18} {sum(files.values()):>5} {sum(lines.values()):>6}")
    edges = graph()
    folded: dict[str, set[str]] = defaultdict(set)
    for source, targets in edges.items():
        for target in targets:
            if layer(source) != layer(target):
                folded[layer(source)].add(layer(target))
    print("\nlayer imports (folded from the module graph):")
    for source in sorted(folded):
        print(f"  {source} -> {', '.join(sorted(folded[source]))}")
    cycle = find_cycle(edges)
    print(f"\nmodules: {len(edges)}, import edges: {sum(map(len, edges.values()))}, "
          f"cycle: {' -> '.join(cycle) if cycle else 'none'}")
    print(f"(read from {ROOT / 'reversi'})")


if __name__ == "__main__":
    main()
