/**
 * Reading pickled pandas DataFrames (and plain dicts of lists) without Python.
 *
 * <p>Pyrolite executes the pickle opcodes; {@link io.llmharness.dataset.pickle.PandasUnpickler} resolves every
 * global name the pickle references against its own table instead of Pyrolite's process-wide registry, so nothing
 * global is changed. The table knows what real pickles reference (checked against pandas 1.5 output and the pandas
 * 2.x sources):
 *
 * <ul>
 *   <li>numpy arrays: {@code numpy.core.multiarray._reconstruct} + state (object and numeric arrays), {@code
 *       numpy.core.numeric._frombuffer} (protocol 5), {@code numpy.dtype}, {@code numpy.core.multiarray.scalar};
 *       numpy 2 writes the same names under {@code numpy._core};
 *   <li>pandas frames: {@code pandas.core.frame.DataFrame} + state dict ({@code _mgr}, or {@code _data} before
 *       pandas 1.1); {@code pandas.core.internals.managers.BlockManager} either called with (blocks, axes) (pandas
 *       ≥ 1.3 and 2.x) or rebuilt from its {@code "0.14.1"} state (older 1.x); blocks from {@code
 *       pandas._libs.internals._unpickle_block} (what pandas 2.x's {@code Block.__reduce__} references; it calls
 *       {@code new_block} inside), or from {@code new_block}/{@code make_block} or a {@code *Block} class with
 *       state; indexes through {@code pandas.core.indexes.base._new_Index} ({@code Index}, {@code RangeIndex},
 *       {@code Int64Index}, …);
 *   <li>everything else becomes an opaque object that is reported with its class name if the dataset needs it:
 *       categorical, datetime, Arrow-backed and other extension arrays cannot be read, and the error says how to
 *       convert them.
 * </ul>
 *
 * <p>Python lists of small integers are stored compactly while unpickling ({@link
 * io.llmharness.dataset.pickle.PyList}), so a token-id column does not cost a boxed {@code Integer} per id.
 */
package io.llmharness.dataset.pickle;
