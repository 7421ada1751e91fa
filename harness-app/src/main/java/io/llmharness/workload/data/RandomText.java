package io.llmharness.workload.data;

import io.llmharness.workload.schedule.Rng;

/**
 * Random English-looking text: common words in random order with some punctuation, from a seed. It stands in for
 * inference-perf's random token ids (which decode to unreadable text): the content is random, so prompts share no
 * prefix by accident, and it tokenises like real text with every tokenizer.
 */
final class RandomText {

    private static final String[] WORDS = (""
                    + "the of and to in is was for on that with as by at from his her they this have had not are but"
                    + " one all were we when there can an your which their said if do will each about how up out them"
                    + " then she many some so these would other into has more two like him see time could no make than"
                    + " first been its who now people my made over did down only way find use may water long little"
                    + " very after words called just where most know get through back much before go good new write"
                    + " our used me man too any day same right look think also around another came come work three"
                    + " word must because does part even place well such here take why things help put years different"
                    + " away again off went old number great tell men say small every found still between name should"
                    + " home big give air line set own under read last never us left end along while might next sound"
                    + " below saw something thought both few those always looked show large often together asked house"
                    + " world going want school important until form food keep children feet land side without boy once"
                    + " animals life enough took sometimes four head above kind began almost live page got earth need far"
                    + " hand high year mother light parts country father let night following picture being study second"
                    + " eyes soon times story boys since white days ever paper hard near sentence better best across"
                    + " during today others however sure means knew try told young miles sun ways thing whole hear"
                    + " example heard several change answer room sea against top turned learn point city play toward"
                    + " five using himself usually money seen car morning given table river mountain system model server"
                    + " request token latency memory cache queue batch prompt answer question engine network")
            .split(" ");

    private RandomText() {}

    /** About {@code words} words of random text for one (seed, stream). */
    static String of(long seed, long stream, int words) {
        Rng rng = Rng.of(seed, stream, 0);
        StringBuilder sb = new StringBuilder(words * 6);
        boolean capital = true;
        for (int i = 0; i < words; i++) {
            String w = WORDS[rng.nextInt(WORDS.length)];
            if (i > 0) {
                sb.append(' ');
            }
            if (capital) {
                sb.append(Character.toUpperCase(w.charAt(0))).append(w, 1, w.length());
            } else {
                sb.append(w);
            }
            capital = false;
            int p = rng.nextInt(20);
            if (p == 0) {
                sb.append('.');
                capital = true;
            } else if (p == 1) {
                sb.append(',');
            }
        }
        return sb.append('.').toString();
    }
}
