package io.llmharness.client.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.impl.UnpooledHttpClientConnection;

/**
 * Reads response bodies of one pooled connection straight from Netty's receive buffers, before Vert.x sees them.
 *
 * <p>Vert.x copies every received body chunk of a pooled buffer into a new heap buffer before handing it to the
 * response handler (about 28 KB for a streamed 100-token answer, half of what a request allocated). This handler sits
 * in the connection's pipeline right before Vert.x's own; when an exchange {@link #arm arms} it while the response
 * head is being delivered, the body bytes of that response go to the exchange's {@link Reader} in place and the
 * tap releases Netty's buffers itself: Vert.x still sees the head and an empty end of the response (so the request
 * ends, and the connection is reused, exactly as before), but no body chunk to copy. Unarmed (an error body,
 * an exchange on another event loop than the connection's), everything passes through untouched.
 *
 * <p>Confined to the connection's event loop: {@link #arm} only succeeds when called on it, from within the delivery
 * of a response head, so no body byte of that response has gone to Vert.x yet and none is read twice or out of order.
 */
final class BodyTap extends ChannelInboundHandlerAdapter {

    /** Receives the body bytes of an armed response; must not keep the buffer after returning. */
    interface Reader {
        /**
         * A slice of the body: the readable bytes of {@code content}, which the tap releases afterwards.
         *
         * @param last whether these are the body's last bytes
         */
        void read(ByteBuf content, boolean last);
    }

    static final String NAME = "llm-harness-body";

    private Reader reader;
    private boolean inHead;
    private ChannelHandlerContext context;

    /**
     * Puts a tap into the connection's pipeline (before Vert.x's handler).
     *
     * @return the tap, or null when the connection is not one whose pipeline can be reached
     */
    static BodyTap install(HttpClientConnection c) {
        if (!(c instanceof UnpooledHttpClientConnection u)) {
            return null;
        }
        try {
            ChannelHandlerContext vertx = u.unwrap().channelHandlerContext();
            ChannelPipeline p = vertx.pipeline();
            BodyTap tap = new BodyTap();
            p.addBefore(vertx.name(), NAME, tap);
            return tap;
        } catch (RuntimeException e) {
            // a connection that closed meanwhile (its handlers removed): it works without a tap, through Vert.x
            return null;
        }
    }

    /** The tap of a connection, or null when it has none. */
    static BodyTap of(HttpClientConnection c) {
        if (!(c instanceof UnpooledHttpClientConnection u)) {
            return null;
        }
        return u.unwrap().channelHandlerContext().pipeline().get(BodyTap.class);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
    }

    /**
     * Hands the body of the response whose head is being delivered to {@code r}.
     *
     * @return false (and nothing changes) when not called on the connection's event loop during a head's delivery:
     *     the body then reaches Vert.x's handlers as usual
     */
    boolean arm(Reader r) {
        ChannelHandlerContext ctx = context;
        if (ctx == null || !ctx.executor().inEventLoop() || !inHead) {
            return false;
        }
        reader = r;
        return true;
    }

    /** Stops handing bytes to {@code r} (its exchange ended early). Call on the connection's event loop. */
    void disarm(Reader r) {
        if (reader == r) {
            reader = null;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpResponse && !(msg instanceof HttpContent)) {
            reader = null;
            inHead = true;
            try {
                ctx.fireChannelRead(msg);
            } finally {
                inHead = false;
            }
            return;
        }
        Reader r = reader;
        if (r == null || !(msg instanceof HttpContent c) || c.decoderResult().isFailure()) {
            ctx.fireChannelRead(msg); // untapped, or a decoding failure for Vert.x to report
            return;
        }
        LastHttpContent last = msg instanceof LastHttpContent l ? l : null;
        try {
            ByteBuf b = c.content();
            if (b.isReadable()) {
                r.read(b, last != null);
            }
        } finally {
            c.release();
        }
        if (reader != r) {
            // the exchange ended while reading (a parse error, a limit): it reset the request, which closes the
            // connection; the rest of this response goes nowhere
            return;
        }
        if (last != null) {
            // Vert.x needs the end (it ends the response and frees the connection), not the bytes
            reader = null;
            HttpHeaders trailers = last.trailingHeaders();
            ctx.fireChannelRead(
                    trailers.isEmpty()
                            ? LastHttpContent.EMPTY_LAST_CONTENT
                            : new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, trailers));
        }
    }
}
