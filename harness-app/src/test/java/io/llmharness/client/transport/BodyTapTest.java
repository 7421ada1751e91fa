package io.llmharness.client.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tap in a pipeline of its own: a downstream handler stands for Vert.x (it records what reaches it and, like an
 * exchange answering the response head, arms the tap while the head is delivered).
 */
class BodyTapTest {

    /** Collects the bytes handed to it; optionally disarms the tap on the first read (an exchange that aborts). */
    private static final class Collector implements BodyTap.Reader {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BodyTap abortOn;
        int reads;
        final List<Boolean> lasts = new ArrayList<>();

        @Override
        public void read(ByteBuf content, boolean last) {
            reads++;
            lasts.add(last);
            byte[] b = new byte[content.readableBytes()];
            content.getBytes(content.readerIndex(), b);
            bytes.writeBytes(b);
            if (abortOn != null) {
                abortOn.disarm(this);
            }
        }

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    /** Stands for Vert.x's handler: records what arrives, arms the tap on a head when asked to. */
    private static final class Downstream extends ChannelInboundHandlerAdapter {
        final List<Object> seen = new ArrayList<>();
        final List<Integer> readable = new ArrayList<>();
        BodyTap tap;
        BodyTap.Reader armWith;
        Boolean armed;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            seen.add(msg);
            if (msg instanceof HttpContent c) {
                readable.add(c.content().readableBytes());
                c.release();
            }
            if (msg instanceof HttpResponse && armWith != null) {
                armed = tap.arm(armWith);
            }
        }
    }

    private final BodyTap tap = new BodyTap();
    private final Downstream vertx = new Downstream();
    private final EmbeddedChannel channel = new EmbeddedChannel(tap, vertx);

    {
        vertx.tap = tap;
    }

    private static HttpResponse head() {
        return new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    }

    private static ByteBuf bytes(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
    }

    @Test
    void armedDuringTheHeadTheBodyGoesToTheReaderAndVertxSeesOnlyTheEnd() {
        Collector c = new Collector();
        vertx.armWith = c;
        ByteBuf first = bytes("data: 1\n\n");
        ByteBuf last = bytes("data: [DONE]\n\n");
        channel.writeInbound(head(), new DefaultHttpContent(first), new DefaultLastHttpContent(last));

        assertThat(vertx.armed).isTrue();
        assertThat(c.text()).isEqualTo("data: 1\n\ndata: [DONE]\n\n");
        assertThat(c.lasts).containsExactly(false, true);
        // the tap released the buffers it read; Vert.x sees the head and an empty end
        assertThat(first.refCnt()).isZero();
        assertThat(last.refCnt()).isZero();
        assertThat(vertx.seen).hasSize(2);
        assertThat(vertx.seen.get(1)).isInstanceOf(LastHttpContent.class);
        assertThat(vertx.readable).containsExactly(0);
    }

    @Test
    void theNextResponseIsNotTappedUnlessArmedAgain() {
        Collector c = new Collector();
        vertx.armWith = c;
        channel.writeInbound(head(), new DefaultLastHttpContent(bytes("one")));
        vertx.armWith = null;
        channel.writeInbound(head(), new DefaultHttpContent(bytes("two")), new DefaultLastHttpContent(bytes("!")));

        assertThat(c.text()).isEqualTo("one");
        assertThat(vertx.readable).containsExactly(0, 3, 1);
        assertThat(vertx.seen).hasSize(5);
    }

    @Test
    void trailersReachVertxWithTheEnd() {
        vertx.armWith = new Collector();
        LastHttpContent end = new DefaultLastHttpContent(bytes("x"));
        end.trailingHeaders().add("x-trailer", "1");
        channel.writeInbound(head(), end);

        assertThat(((LastHttpContent) vertx.seen.get(1)).trailingHeaders().get("x-trailer"))
                .isEqualTo("1");
        assertThat(vertx.readable).containsExactly(0);
    }

    @Test
    void aChunkNettyCouldNotDecodeGoesToVertxAsItIs() {
        Collector c = new Collector();
        vertx.armWith = c;
        HttpContent bad = new DefaultHttpContent(bytes("zz"));
        bad.setDecoderResult(DecoderResult.failure(new IllegalStateException("bad chunk size")));
        channel.writeInbound(head(), bad);

        assertThat(c.reads).isZero();
        assertThat(vertx.seen.get(1)).isSameAs(bad);
    }

    @Test
    void unarmedEverythingPassesThroughUntouched() {
        channel.writeInbound(head(), new DefaultHttpContent(bytes("abc")), new DefaultLastHttpContent(bytes("de")));

        assertThat(vertx.seen).hasSize(3);
        assertThat(vertx.readable).containsExactly(3, 2);
    }

    @Test
    void armingOutsideTheDeliveryOfAHeadIsRefused() {
        Collector c = new Collector();
        channel.writeInbound(head());

        assertThat(tap.arm(c)).isFalse();
        channel.writeInbound(new DefaultLastHttpContent(bytes("body")));
        assertThat(c.reads).isZero();
        assertThat(vertx.readable).containsExactly(4);
    }

    @Test
    void anExchangeThatEndsWhileReadingDropsTheChunkItWasReading() {
        Collector c = new Collector();
        c.abortOn = tap;
        vertx.armWith = c;
        ByteBuf first = bytes("data: {broken\n\n");
        ByteBuf last = bytes("data: [DONE]\n\n");
        channel.writeInbound(head(), new DefaultHttpContent(first), new DefaultLastHttpContent(last));

        // the chunk being read is dropped (released, not passed on); the tap is no longer armed, so what the closing
        // connection still delivers goes to Vert.x as it is
        assertThat(c.text()).isEqualTo("data: {broken\n\n");
        assertThat(c.reads).isEqualTo(1);
        assertThat(first.refCnt()).isZero();
        assertThat(vertx.seen).hasSize(2);
        assertThat(vertx.seen.get(1)).isInstanceOf(LastHttpContent.class);
        assertThat(vertx.readable).containsExactly(14);
        assertThat(last.refCnt()).isZero();
    }
}
