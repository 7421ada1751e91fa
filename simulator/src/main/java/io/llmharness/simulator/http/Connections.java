package io.llmharness.simulator.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;

/** Abrupt connection endings for fault injection. */
final class Connections {
    private Connections() {}

    /** Closes with a TCP RST (SO_LINGER 0) when the transport allows it, else a normal close. */
    static void reset(HttpConnection conn) {
        if (conn instanceof ConnectionBase base) {
            Channel ch = base.channel();
            try {
                ch.config().setOption(ChannelOption.SO_LINGER, 0);
            } catch (RuntimeException ignored) {
                // not a TCP channel: fall back to a plain close
            }
            ch.close();
        } else {
            conn.close();
        }
    }
}
