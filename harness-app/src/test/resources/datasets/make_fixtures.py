#!/usr/bin/env python3
"""Creates the small dataset fixtures the Java tests read.

Run with a Python that has pandas and numpy (Debian: `apt-get install python3-pandas`, then Debian's own
`python3 make_fixtures.py` from this directory, not a virtualenv python without pandas). The generated files are
committed, so the build needs no Python. Real pandas writes every fixture except the three marked SYNTHETIC, which are hand-built with the
standard pickle machinery because the layouts they stand for cannot be produced here (pandas 2.x / numpy 2.x are
not installable, pyarrow is not available):

* pandas2_numpy2.pkl    - the object graph pandas 2.x writes (DataFrame state dict, BlockManager(blocks, axes),
                          blocks via pandas._libs.internals._unpickle_block, indexes via _new_Index) with numpy 2's
                          module names numpy._core.multiarray._reconstruct and numpy._core.numeric._frombuffer.
* legacy_state.pkl      - an older pandas 1.x layout: an empty BlockManager given its "0.14.1" state tuple.
* arrow_like.pkl        - a block whose values are a pandas.core.arrays.arrow.array.ArrowExtensionArray.
* arrow_labels.pkl      - column labels held in an ArrowStringArray, as a pandas with the pyarrow-backed "str"
                          dtype for text (the pandas 3 default) would store them (assumed, not checked).
"""
import copyreg
import gzip
import pickle
import sys
import types

import numpy as np
import pandas as pd

TEXTS = ["Summarize: the cat sat.", "Résumé ✓, with \"quotes\", commas", "short", "Line one\nline two"]
IDS = [[128000, 1, 2, 3], [128000, 70000], [5], [128000, 9, 8, 7, 6]]
OUTPUTS = ["A cat sat.", "A résumé.", "s", "Two lines."]
N = [1, 2, 3, 4]
SCORE = [0.5, 1.25, -2.0, 3.5]


def small(ids):
    return pd.DataFrame({"input": TEXTS, "tok_input": ids, "output": OUTPUTS, "n": N, "score": SCORE})


def dump(obj, name, protocol=pickle.HIGHEST_PROTOCOL):
    with open(name, "wb") as f:
        pickle.dump(obj, f, protocol=protocol)


# --- the same logical dataset in every text format (written by pandas) -------------------------------------
df = small(IDS)
df.to_json("small.json", orient="records", force_ascii=False)
df.to_json("small.jsonl", orient="records", lines=True, force_ascii=False)
df.to_json("small_orient_columns.json", force_ascii=False)
df.to_csv("small.csv", index=False)
spaced = df.copy()
spaced["tok_input"] = [" ".join(map(str, r)) for r in IDS]
spaced.to_csv("small_space_ids.csv", index=False)

# --- real pandas pickles ------------------------------------------------------------------------------------
df.to_pickle("small_lists.pkl")
small([np.array(r, dtype=np.int32) for r in IDS]).to_pickle("small_np_int32.pkl")
small([np.array(r, dtype=np.int64) for r in IDS]).to_pickle("small_np_int64.pkl.gz", compression="gzip")
dump(small(IDS).set_axis(["a", "b", "c", "d"]), "small_custom_index_p4.pkl", protocol=4)
dump({"input": TEXTS, "tok_input": IDS, "output": OUTPUTS, "n": N, "score": SCORE}, "dict_of_lists.pkl")

png = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])
nested = pd.DataFrame(
    {
        "messages": [
            [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}],
            [{"role": "user", "content": [{"type": "text", "text": "What?"},
                                          {"type": "image_url", "image_url": {"url": "data:image/png;base64,AA=="}}]}],
        ],
        "product_image": [png, None],
        "potential_product_categories": [["A > B", "A > C"], []],
        "meta": [{"k": 1, "nested": [1.5, None]}, None],
        "tok_input_len": [np.int64(7), 8],
        "ground_truth": [17, "B"],
        "secondhand": [True, False],
    }
)
nested.to_pickle("nested.pkl")
pd.DataFrame(np.arange(6, dtype=np.int64).reshape(3, 2), columns=["a", "b"]).to_pickle("fortran_block.pkl")
dump(pd.DataFrame(np.arange(6, dtype=np.int64).reshape(3, 2), columns=["a", "b"]), "fortran_block_p4.pkl", 4)

# --- contents the harness must refuse with a useful message -------------------------------------------------
pd.DataFrame({"tok_input": IDS[:2], "category": pd.Categorical(["x", "y"])}).to_pickle("categorical.pkl")
pd.DataFrame({"tok_input": IDS[:2], "when": pd.to_datetime(["2024-01-01", "2024-02-01"])}).to_pickle("datetime.pkl")
pd.DataFrame({"tok_input": IDS[:2], "label": pd.array(["x", "y"], dtype="string")}).to_pickle("string_dtype.pkl")
pd.Series([1, 2]).to_pickle("series.pkl")


class Thing:
    def __init__(self, v):
        self.v = v


Thing.__module__ = "mylab.tokens"
sys.modules["mylab"] = types.ModuleType("mylab")
sys.modules["mylab.tokens"] = types.ModuleType("mylab.tokens")
sys.modules["mylab.tokens"].Thing = Thing
pd.DataFrame({"tok_input": [Thing(1), Thing(2)]}).to_pickle("unknown_class.pkl")
dump(pd.DataFrame({"tok_input": [[1, "x"], [2]]}), "bad_token_id.pkl")


# --- SYNTHETIC layouts --------------------------------------------------------------------------------------
def fake_global(qualified):
    """A stand-in object that pickles as a reference to `qualified` (module.name)."""
    module, name = qualified.rsplit(".", 1)
    parts = module.split(".")
    for i in range(1, len(parts) + 1):
        sys.modules.setdefault(".".join(parts[:i]), types.ModuleType(".".join(parts[:i])))
    obj = type(name, (), {"__module__": module, "__qualname__": name})
    setattr(sys.modules[module], name, obj)
    return obj


class Call:
    """Pickles as fn(*args), followed by BUILD(state) when a state is given."""

    def __init__(self, fn, args, state=None):
        self.fn, self.args, self.state = fn, args, state

    def __reduce__(self):
        return (self.fn, self.args) if self.state is None else (self.fn, self.args, self.state)


class NewObj:
    """Pickles as NEWOBJ(cls) followed by BUILD(state), like an instance of cls."""

    def __init__(self, cls, state):
        self.cls, self.state = cls, state

    @property
    def __class__(self):  # pickle checks that obj.__class__ is the class given to __newobj__
        return self.cls

    def __reduce__(self):
        return copyreg.__newobj__, (self.cls,), self.state


NP2_RECONSTRUCT = fake_global("numpy._core.multiarray._reconstruct")
NP2_FROMBUFFER = fake_global("numpy._core.numeric._frombuffer")


def np2_object_array(items, shape):
    return Call(NP2_RECONSTRUCT, (np.ndarray, (0,), b"b"), (1, shape, np.dtype(object), False, items))


def np2_numeric(arr):
    return Call(NP2_FROMBUFFER, (bytearray(arr.tobytes(order="C")), arr.dtype, arr.shape, "C"))


unpickle_block = pd._libs.internals._unpickle_block
manager_cls = pd.core.internals.managers.BlockManager
new_index = pd.core.indexes.base._new_Index
columns = np2_object_array(["input", "tok_input", "output", "n", "score"], (5,))
blocks = (
    Call(unpickle_block, (np2_object_array(TEXTS + IDS + OUTPUTS, (3, 4)), slice(0, 3, 1), 2)),
    Call(unpickle_block, (np2_numeric(np.array([N], dtype=np.int64)), slice(3, 4, 1), 2)),
    Call(unpickle_block, (np2_numeric(np.array([SCORE], dtype=np.float64)), slice(4, 5, 1), 2)),
)
axes = [
    Call(new_index, (pd.Index, {"data": columns, "name": None})),
    Call(new_index, (pd.RangeIndex, {"name": None, "start": 0, "stop": 4, "step": 1})),
]
state = {"_mgr": Call(manager_cls, (blocks, axes)), "_typ": "dataframe", "_metadata": [], "attrs": {},
         "_flags": {"allows_duplicate_labels": True}}
dump(NewObj(pd.DataFrame, state), "pandas2_numpy2.pkl")

legacy_axes = [pd.Index(["input", "tok_input", "output", "n", "score"]), pd.RangeIndex(4)]
obj_values = np.empty((3, 4), dtype=object)
for i, col in enumerate([TEXTS, IDS, OUTPUTS]):
    for j, v in enumerate(col):
        obj_values[i, j] = v
legacy_state = (
    legacy_axes,
    [obj_values],
    [legacy_axes[0][:3]],
    {"0.14.1": {"axes": legacy_axes, "blocks": [
        {"values": obj_values, "mgr_locs": slice(0, 3, 1)},
        {"values": np.array([N], dtype=np.int64), "mgr_locs": np.array([3])},
        {"values": np.array([SCORE], dtype=np.float64), "mgr_locs": slice(4, 5, 1)},
    ]}},
)
legacy_manager = NewObj(manager_cls, legacy_state)
dump(NewObj(pd.DataFrame, {"_data": legacy_manager, "_typ": "dataframe", "_metadata": []}),
     "legacy_state.pkl", protocol=2)

ARROW = fake_global("pandas.core.arrays.arrow.array.ArrowExtensionArray")
arrow_blocks = (
    Call(unpickle_block, (np2_object_array(IDS[:2], (1, 2)), slice(0, 1, 1), 2)),
    Call(unpickle_block, (NewObj(ARROW, {"_pa_array": "stand-in"}), slice(1, 2, 1), 2)),
)
arrow_axes = [pd.Index(["tok_input", "label"]), pd.RangeIndex(2)]
dump(NewObj(pd.DataFrame, {"_mgr": Call(manager_cls, (arrow_blocks, arrow_axes))}),
     "arrow_like.pkl")

ARROW_STRING = fake_global("pandas.core.arrays.string_arrow.ArrowStringArray")
str_axes = [
    Call(new_index, (pd.Index, {"data": NewObj(ARROW_STRING, {"_pa_array": "stand-in"}), "name": None})),
    Call(new_index, (pd.RangeIndex, {"name": None, "start": 0, "stop": 2, "step": 1})),
]
str_blocks = (Call(unpickle_block, (np2_object_array(IDS[:2], (1, 2)), slice(0, 1, 1), 2)),)
dump(NewObj(pd.DataFrame, {"_mgr": Call(manager_cls, (str_blocks, str_axes))}), "arrow_labels.pkl")

with open("not_a_dataset.pkl", "wb") as f:
    pickle.dump(42, f)
with gzip.open("small_lists.json.gz", "wt", encoding="utf-8") as f:
    f.write(df.to_json(orient="records", force_ascii=False))
print("fixtures written")
