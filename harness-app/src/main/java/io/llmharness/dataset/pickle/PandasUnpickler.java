package io.llmharness.dataset.pickle;

import io.llmharness.dataset.pickle.PyObjects.ClassRef;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import net.razorvine.pickle.Opcodes;
import net.razorvine.pickle.PickleException;
import net.razorvine.pickle.PickleUtils;
import net.razorvine.pickle.Unpickler;
import net.razorvine.pickle.objects.ClassDict;

/**
 * Pyrolite's unpickler with numpy and pandas support. Global names are resolved from this instance's own table
 * (Pyrolite's static registry is left alone); Python builtins it knows are delegated to it; every other name
 * becomes an opaque object that is reported by class name where a column needs it. Dicts keep their insertion
 * order (Pyrolite's own SETITEMS does not) and lists of integers are stored compactly ({@link PyList}).
 *
 * <p>Not thread-safe: one instance per file.
 */
public final class PandasUnpickler extends Unpickler {
    private static final List<String> NUMPY_CORE = List.of("numpy.core.", "numpy._core.");
    private static final List<String> DELEGATED_MODULES =
            List.of("builtins", "__builtin__", "copy_reg", "copyreg", "_codecs", "collections", "datetime");

    /**
     * Builtins that run code or reach outside the data: never constructed, but treated like any unknown class
     * ({@code os.system}): an opaque object reported by its class name, so the message says what was refused.
     */
    private static final Set<String> REFUSED_BUILTINS = Set.of(
            "exec",
            "eval",
            "compile",
            "__import__",
            "open",
            "getattr",
            "setattr",
            "delattr",
            "globals",
            "locals",
            "vars",
            "input",
            "breakpoint",
            "exit",
            "quit",
            "print",
            "help");

    private final Map<String, ClassRef> names = new LinkedHashMap<>();

    public PandasUnpickler() {
        for (String core : NUMPY_CORE) {
            define(core + "multiarray._reconstruct", NumpyArray::reconstruct);
            define(core + "numeric._frombuffer", NumpyArray::fromBuffer);
            define(core + "multiarray.scalar", NumpyArray::scalar);
        }
        define("numpy.dtype", NumpyDtype::construct);
        define("numpy.ndarray", args -> new NumpyArray());
        define("builtins.slice", PyObjects.Slice::of);
        define("__builtin__.slice", PyObjects.Slice::of);
        define("pandas.core.frame.DataFrame", args -> new PandasObjects.Frame());
        define("pandas.core.series.Series", args -> new PandasObjects.Series());
        define("pandas.core.internals.managers.BlockManager", PandasObjects.Manager::construct);
        define("pandas.core.internals.managers.SingleBlockManager", PandasObjects.Manager::construct);
        define("pandas._libs.internals._unpickle_block", PandasObjects.Block::call);
        define("pandas.core.internals.blocks.new_block", PandasObjects.Block::call);
        define("pandas.core.internals.blocks.new_block_2d", PandasObjects.Block::call);
        define("pandas.core.internals.blocks.make_block", PandasObjects.Block::call);
        define("pandas.core.internals.api.make_block", PandasObjects.Block::call);
        define("pandas.core.indexes.base._new_Index", PandasObjects.Index::newIndex);
        define("pandas._libs.arrays.__pyx_unpickle_NDArrayBacked", PandasUnpickler::ndArrayBacked);
    }

    private void define(String name, Function<Object[], Object> factory) {
        names.put(name, new ClassRef(name, factory));
    }

    /**
     * Unpickles one object from the stream. Content the opcodes cannot make sense of (a corrupt file, or one that
     * is not a pickle) is an {@link UnsupportedPickleException}; the caller tells a truncated file apart.
     */
    public Object read(InputStream in) throws IOException {
        try {
            return load(in);
        } catch (UnsupportedPickleException e) {
            throw e;
        } catch (PickleException e) {
            throw corrupt(e.getMessage(), e);
        } catch (RuntimeException e) {
            throw corrupt(e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
    }

    private static UnsupportedPickleException corrupt(String detail, RuntimeException cause) {
        return new UnsupportedPickleException(
                "not a readable pickle (" + detail + "); the file looks corrupt: download or write it again", cause);
    }

    @Override
    protected Object dispatch(short key) throws PickleException, IOException {
        switch (key) {
            case Opcodes.GLOBAL -> {
                String module = PickleUtils.readline(input);
                String name = PickleUtils.readline(input);
                return global(module, name);
            }
            case Opcodes.STACK_GLOBAL -> {
                String name = (String) stack.pop();
                String module = (String) stack.pop();
                return global(module, name);
            }
            case Opcodes.EMPTY_DICT -> {
                stack.add(new LinkedHashMap<Object, Object>());
                return NO_RETURN_VALUE;
            }
            case Opcodes.EMPTY_LIST -> {
                stack.add(new PyList());
                return NO_RETURN_VALUE;
            }
            case Opcodes.APPEND -> {
                Object item = stack.pop();
                if (stack.peek() instanceof PyList list) {
                    list.add(item);
                    return NO_RETURN_VALUE;
                }
                stack.add(item);
            }
            case Opcodes.APPENDS -> {
                List<Object> items = stack.pop_all_since_marker();
                if (stack.peek() instanceof PyList list) {
                    list.addAll(items);
                    return NO_RETURN_VALUE;
                }
                stack.add_mark();
                items.forEach(stack::add);
            }
            case Opcodes.SETITEMS -> {
                List<Object> items = stack.pop_all_since_marker();
                @SuppressWarnings("unchecked")
                Map<Object, Object> target = (Map<Object, Object>) stack.peek();
                for (int i = 0; i + 1 < items.size(); i += 2) {
                    target.put(items.get(i), items.get(i + 1));
                }
                return NO_RETURN_VALUE;
            }
            case Opcodes.BUILD -> {
                Object state = stack.pop();
                Object target = stack.peek();
                if (target instanceof PyObjects.Stateful s) {
                    s.setState(state);
                    return NO_RETURN_VALUE;
                }
                if (target instanceof ClassDict dict && state instanceof Map<?, ?> m) {
                    m.forEach((k, v) -> dict.put(String.valueOf(k), v));
                    return NO_RETURN_VALUE;
                }
                stack.add(state);
            }
            default -> {}
        }
        return super.dispatch(key);
    }

    private Object global(String module, String name) throws IOException {
        String full = module + "." + name;
        ClassRef known = names.get(full);
        if (known != null) {
            stack.add(known);
        } else if (DELEGATED_MODULES.contains(module)
                && !((module.equals("builtins") || module.equals("__builtin__")) && REFUSED_BUILTINS.contains(name))) {
            stack.add(module);
            stack.add(name);
            super.dispatch(Opcodes.STACK_GLOBAL);
        } else if (module.startsWith("pandas.core.internals.blocks") || module.equals("pandas._libs.internals")) {
            stack.add(new ClassRef(full, args -> new PandasObjects.StatefulBlock()));
        } else {
            stack.add(ClassRef.opaque(full));
        }
        return NO_RETURN_VALUE;
    }

    private static Object ndArrayBacked(Object[] args) {
        String cls = args[0] instanceof ClassRef ref ? ref.name() : String.valueOf(args[0]);
        return new PyObjects.Opaque(cls, args);
    }
}
