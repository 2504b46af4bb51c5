"""Join cell models trained apart (other seeds, other sample sets) into one ONNX file.

A network's misreads on small, dim or blurred cells are partly the chance of its random
start; networks started apart err on different cells, and their averaged log-probabilities
(a geometric mean of their probabilities, renormalised) err less often than any one of them.
The reader runs one file (:mod:`vision.recognise.cell_model`), so the members' graphs go into
one graph: the input ``cells`` fed to every member, each member's logits divided by its own
temperature and turned into log-probabilities (:func:`log_softmax`), their mean the output
``logits``. The joined model's json has temperature 1, so the reader's log-softmax of that
output is exactly the renormalised mean of the members' tempered log-softmax; it keeps the
layout keys of a single model's json and records each member's json (its command and seed)
and the command that joined them.

    .venv/bin/python -m tools.cell_ensemble MEMBER_STEM MEMBER_STEM [...] --out STEM \\
        [--cache DIR]

(each ``MEMBER_STEM`` a model written by ``python -m tools.train_cell_model --out``; with
``--cache``, the training tool's cache, the joined model's validation figures are measured
on its validation sets).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Sequence

import numpy as np

OUTPUT = "logits"
"""Output name of the joined graph (a single model's, so the reader needs no change)."""
MEMBER_KEYS = ("command", "seed", "epochs", "widths", "temperature", "training_samples",
               "validation_samples", "validation_accuracy", "data")
"""Keys of a member's json recorded in the joined model's json."""


def log_softmax(x: str, out: str, prefix: str, classes: int, inits: list) -> list:
    """Nodes computing ``out`` = log_softmax(``x``) over its ``classes`` (axis 1) as
    x - max - log(sum(exp(x - max))), finite wherever ``x`` is. The sum is a product with a
    column of ones: OpenCV fuses a ``ReduceSum`` of this pattern (and runs ``LogSoftmax``) as
    the log of a softmax, minus infinity where a sure member's probability underflows
    float32."""
    from onnx import helper, numpy_helper

    inits.append(numpy_helper.from_array(np.ones((classes, 1), np.float32), prefix + "ones"))

    def node(op: str, ins: list[str], name: str, **kw):
        return helper.make_node(op, ins, [out if name == "log_softmax" else prefix + name],
                                name=prefix + name, **kw)

    return [node("ReduceMax", [x], "max", axes=[1], keepdims=1),
            node("Sub", [x, prefix + "max"], "shifted"),
            node("Exp", [prefix + "shifted"], "exp"),
            node("MatMul", [prefix + "exp", prefix + "ones"], "sum"),
            node("Log", [prefix + "sum"], "log_sum"),
            node("Sub", [prefix + "shifted", prefix + "log_sum"], "log_softmax")]


def joined_graph(members: Sequence[tuple[object, float]], opset: int):
    """The ONNX model whose output is the mean over ``members`` ((onnx model, temperature)
    pairs, each with input ``cells`` and output ``logits``) of log_softmax(logits / T)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    nodes, inits, means = [], [], []
    classes = members[0][0].graph.output[0].type.tensor_type.shape.dim[1].dim_value
    for k, (model, temperature) in enumerate(members):
        g = model.graph
        rename = {i.name: f"m{k}/{i.name}" for i in g.initializer}
        for n in g.node:
            rename.update({o: f"m{k}/{o}" for o in n.output})
        for t in g.initializer:
            t2 = onnx.TensorProto()
            t2.CopyFrom(t)
            t2.name = rename[t.name]
            inits.append(t2)
        for n in g.node:
            n2 = onnx.NodeProto()
            n2.CopyFrom(n)
            n2.name = f"m{k}/{n.name}"
            n2.ClearField("input")
            n2.input.extend(rename.get(i, i) for i in n.input)
            n2.ClearField("output")
            n2.output.extend(rename[o] for o in n.output)
            nodes.append(n2)
        inits.append(numpy_helper.from_array(np.array(1.0 / temperature, np.float32),
                                             f"m{k}/inv_temperature"))
        nodes.append(helper.make_node("Mul", [rename[g.output[0].name], f"m{k}/inv_temperature"],
                                      [f"m{k}/tempered"], name=f"m{k}/temper"))
        nodes += log_softmax(f"m{k}/tempered", f"m{k}/log_probs", f"m{k}/", classes, inits)
        means.append(f"m{k}/log_probs")
    nodes.append(helper.make_node("Mean", means, [OUTPUT], name="mean"))
    first = members[0][0].graph
    graph = helper.make_graph(
        nodes, "cell_model_ensemble", [first.input[0]],
        [helper.make_tensor_value_info(OUTPUT, TensorProto.FLOAT,
                                       [first.input[0].type.tensor_type.shape.dim[0].dim_param
                                        or "n", first.output[0].type.tensor_type.shape.dim[1]
                                        .dim_value])],
        inits)
    out = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                            producer_name="tools.cell_ensemble")
    out.ir_version = members[0][0].ir_version
    onnx.checker.check_model(out)
    return out


def short(stem: Path) -> str:
    """A model stem as the json names it: its folder and name (``seed1/cell_model``), or its
    place in the repository for the shipped model."""
    from sudoku_cube.vision.recognise.cell_model import DATA

    if stem.resolve() == DATA.resolve():
        return "vision/data/cell_model"
    return f"{stem.parent.name}/{stem.name}"


def combine(stems: Sequence[Path], out: Path, command: str) -> dict:
    """Write ``out`` (.onnx, .json): the members of ``stems`` joined (:func:`joined_graph`);
    the json keeps the first member's layout keys, temperature 1, and records every member's
    json (:data:`MEMBER_KEYS`) and ``command``. Returns the json."""
    import onnx

    metas = [json.loads(s.with_suffix(".json").read_text(encoding="utf-8")) for s in stems]
    models = [onnx.load(str(s.with_suffix(".onnx"))) for s in stems]
    for m in metas[1:]:
        for key in ("format", "input", "classes", "class_names"):
            if m[key] != metas[0][key]:
                raise ValueError(f"members differ in {key}")
    opset = max(o.version for m in models for o in m.opset_import if o.domain in ("", "ai.onnx"))
    graph = joined_graph([(m, float(j["temperature"])) for m, j in zip(models, metas)], opset)
    out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(graph, str(out.with_suffix(".onnx")))
    meta = {key: metas[0][key] for key in ("format", "input", "classes", "class_names")}
    meta.update({"widths": metas[0]["widths"], "temperature": 1.0, "command": command,
                 "members": [{"stem": short(s), **{k: m[k] for k in MEMBER_KEYS if k in m}}
                             for s, m in zip(stems, metas)],
                 "fonts": sorted(set().union(*(m.get("fonts", []) for m in metas)))})
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return meta


def main(argv: list[str] | None = None) -> int:
    """Join the members, write the model; with ``--cache``, add its validation figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("members", type=Path, nargs="+", help="member model stems")
    p.add_argument("--out", type=Path, required=True, help="joined model's stem")
    p.add_argument("--cache", type=Path, help="the training tool's cache (validation sets)")
    a = p.parse_args(argv)
    command = ("python -m tools.cell_ensemble " + " ".join(map(short, a.members))
               + f" --out {short(a.out)}")
    meta = combine(a.members, a.out, command)
    if a.cache:
        from sudoku_cube.vision.recognise.cell_model import load_cell_model
        from tools import train_cell_model as tcm
        from tools.cell_samples import joined
        from tools.render_training import load_or_make, training_fonts

        val = tcm.validation_sets(lambda name, make: load_or_make(a.cache / f"{name}.npz", make),
                                  training_fonts())
        model = load_cell_model(a.out)
        meta["validation_accuracy"] = tcm.figures(model, joined([val["first"], val["exam"]]),
                                                  "look")["ALL"]["right"]
        meta.update(tcm.validation_figures(model, val))
        a.out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n",
                                              encoding="utf-8")
    print(json.dumps({k: v for k, v in meta.items() if k not in ("fonts", "class_names")},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
