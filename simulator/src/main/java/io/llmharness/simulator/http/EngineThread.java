package io.llmharness.simulator.http;

import io.llmharness.simulator.engine.EngineClock;
import io.vertx.core.internal.ContextInternal;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The engines' clock and thread: {@link System#nanoTime()} and timers on one event loop, scheduled with nanosecond
 * deadlines on the Netty loop directly (a Vert.x timer would round to milliseconds). Also the {@link Executor} that
 * moves calls onto that loop (directly when already on it).
 */
public final class EngineThread implements EngineClock, Executor {
    private final ContextInternal ctx;

    public EngineThread(ContextInternal ctx) {
        this.ctx = ctx;
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        if (delayNanos <= 0) {
            Immediate t = new Immediate(task);
            ctx.runOnContext(v -> t.run());
            return t;
        }
        ScheduledFuture<?> f =
                ctx.nettyEventLoop().schedule(() -> ctx.emit(v -> task.run()), delayNanos, TimeUnit.NANOSECONDS);
        return () -> f.cancel(false);
    }

    @Override
    public void execute(Runnable command) {
        if (ctx.nettyEventLoop().inEventLoop()) {
            command.run();
        } else {
            ctx.runOnContext(v -> command.run());
        }
    }

    private static final class Immediate implements Cancellable {
        private final Runnable task;
        private boolean cancelled;

        Immediate(Runnable task) {
            this.task = task;
        }

        void run() {
            if (!cancelled) {
                task.run();
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }
}
