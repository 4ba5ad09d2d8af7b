;; `fixture-lab metrics`' reading and scoring (trecScan.ts says what, and why WebAssembly), in
;; WebAssembly text: esbuild.mjs assembles it with wabt when it bundles, so the bundles carry the
;; module's bytes and no assembler. Written flat, a stack machine's instructions in order
;; (`local.get $pos i32.load8_u`, `br_if $done`).
;;
;; The memory is trecScan.ts's: both files, each followed by a newline of the memory's own (so no
;; byte needs a bound check), the columns the scans fill, and the tables it writes (powers of ten,
;; discounts, the byte classes). Where each one starts is in the globals below, which trecScan.ts
;; sets by name before the first call; what the functions found it reads back from the same globals.
(module
  (import "env" "memory" (memory 0))

  ;; Where things are (TrecMemory.sized's layout).
  (global $runStart (export "runStart") (mut i32) (i32.const 0))
  (global $runEnd (export "runEnd") (mut i32) (i32.const 0))
  (global $qrelsStart (export "qrelsStart") (mut i32) (i32.const 0))
  (global $qrelsEnd (export "qrelsEnd") (mut i32) (i32.const 0))
  ;; 1e0 .. 1e22 (f64); Math.log2(i) for i < 32 (f64), trec.ts's discounts.
  (global $pow (export "pow") (mut i32) (i32.const 0))
  (global $log2 (export "log2") (mut i32) (i32.const 0))
  ;; Each byte's class: 0 in a field, 1 a blank (isspace but the newline), 2 the newline.
  (global $classes (export "classes") (mut i32) (i32.const 0))
  ;; The run's columns, per entry: score (f64), docno start and end, docno hash; per stretch (a
  ;; topic's consecutive lines): its first entry, its qid's start and end.
  (global $rScores (export "rScores") (mut i32) (i32.const 0))
  (global $rStarts (export "rStarts") (mut i32) (i32.const 0))
  (global $rEnds (export "rEnds") (mut i32) (i32.const 0))
  (global $rHashes (export "rHashes") (mut i32) (i32.const 0))
  (global $rTopicFrom (export "rTopicFrom") (mut i32) (i32.const 0))
  (global $rQidStarts (export "rQidStarts") (mut i32) (i32.const 0))
  (global $rQidEnds (export "rQidEnds") (mut i32) (i32.const 0))
  ;; The run's scores left to JavaScript's Number(): entry, start, end.
  (global $rSlow (export "rSlow") (mut i32) (i32.const 0))
  ;; The qrels' columns, the same with the relevance (f64) for the score.
  (global $qValues (export "qValues") (mut i32) (i32.const 0))
  (global $qStarts (export "qStarts") (mut i32) (i32.const 0))
  (global $qEnds (export "qEnds") (mut i32) (i32.const 0))
  (global $qHashes (export "qHashes") (mut i32) (i32.const 0))
  (global $qTopicFrom (export "qTopicFrom") (mut i32) (i32.const 0))
  (global $qQidStarts (export "qQidStarts") (mut i32) (i32.const 0))
  (global $qQidEnds (export "qQidEnds") (mut i32) (i32.const 0))
  ;; A topic's hash table of entries (-1 empty); the levels of a topic's judgments (f64); the qrels
  ;; stretch paired with each run stretch (-1 none); scoreAll's OUT_PER_TOPIC f64s per run stretch.
  (global $table (export "table") (mut i32) (i32.const 0))
  (global $levels (export "levels") (mut i32) (i32.const 0))
  (global $pairs (export "pairs") (mut i32) (i32.const 0))
  (global $out (export "out") (mut i32) (i32.const 0))

  ;; What the scans found: the stretches of each file, the scores left to Number().
  (global $rTopics (export "rTopics") (mut i32) (i32.const 0))
  (global $rSlowCount (export "rSlowCount") (mut i32) (i32.const 0))
  (global $qTopics (export "qTopics") (mut i32) (i32.const 0))
  ;; The table's size - 1, as fill left it.
  (global $tableMask (mut i32) (i32.const 0))

  ;; Byte-order comparison (strcmp's) of [a, ae) and [b, be): negative, 0 or positive, as trecText.ts's compareRanges.
  (func $compare (param $a i32) (param $ae i32) (param $b i32) (param $be i32) (result i32)
    (local $la i32) (local $lb i32) (local $k i32) (local $d i32)
    local.get $ae local.get $a i32.sub local.set $la
    local.get $be local.get $b i32.sub local.set $lb
    block $done loop $bytes
      local.get $k local.get $la i32.ge_u br_if $done
      local.get $k local.get $lb i32.ge_u br_if $done
      local.get $a local.get $k i32.add i32.load8_u local.get $b local.get $k i32.add i32.load8_u i32.sub local.set $d
      local.get $d if local.get $d return end
      local.get $k i32.const 1 i32.add local.set $k
      br $bytes
    end end
    local.get $la local.get $lb i32.sub)

  ;; The run's lines (trecText.ts's eachRunTopic): entries and stretches; -1 at a line eachRunTopic refuses.
  (func (export "scanRun") (result i32)
    i32.const 1 call $scan)

  ;; The qrels' lines (trecText.ts's readQrelsLines): entries and stretches; -1 at a line it refuses or reads with Number().
  (func (export "scanQrels") (result i32)
    i32.const 0 call $scan)

  ;; A scan of one file's lines ($run: 1 the run's, 0 the qrels'): each line split, the entry
  ;; stored (comments and blank lines left out), each topic's stretch recorded; the number of
  ;; entries, or -1 at a line trecText.ts must read.
  (func $scan (param $run i32) (result i32)
    (local $pos i32) (local $n i32) (local $next i32) (local $e i32) (local $t i32) (local $qs i32) (local $qe i32)
    (local $count i32) (local $c i32) (local $start i32) (local $h i32) (local $k i32)
    (local $s0 i32) (local $e0 i32) (local $s2 i32) (local $e2 i32) (local $s3 i32) (local $e3 i32) (local $s4 i32) (local $e4 i32)
    (local $ns i32) (local $ne i32) (local $i i32) (local $d i32) (local $negative i32) (local $digits i32) (local $decimals i32)
    (local $dot i32) (local $fast i32) (local $differ i32) (local $j i32) (local $slowN i32)
    (local $classes i32) (local $pow i32) (local $values i32) (local $starts i32) (local $ends i32) (local $hashes i32)
    (local $from i32) (local $qidStarts i32) (local $qidEnds i32) (local $slow i32)
    (local $m f64) (local $v f64)
    global.get $classes local.set $classes
    global.get $pow local.set $pow
    global.get $rSlow local.set $slow
    local.get $run
    if
      global.get $runStart local.set $pos global.get $runEnd local.set $n
      global.get $rScores local.set $values global.get $rStarts local.set $starts global.get $rEnds local.set $ends
      global.get $rHashes local.set $hashes global.get $rTopicFrom local.set $from
      global.get $rQidStarts local.set $qidStarts global.get $rQidEnds local.set $qidEnds
    else
      global.get $qrelsStart local.set $pos global.get $qrelsEnd local.set $n
      global.get $qValues local.set $values global.get $qStarts local.set $starts global.get $qEnds local.set $ends
      global.get $qHashes local.set $hashes global.get $qTopicFrom local.set $from
      global.get $qQidStarts local.set $qidStarts global.get $qQidEnds local.set $qidEnds
    end
    i32.const -1 local.set $qe
    block $done loop $line
      local.get $pos local.get $n i32.ge_u br_if $done

      ;; The line at $pos split as trecText.ts's scanLine splits it: $count fields, field k from
      ;; $s<k> to $e<k> for k in 0, 2, 3, 4, $h field 2's FNV-1a hash; $pos left at the line's
      ;; newline (the file's last line ends at the memory's own).
      i32.const 0 local.set $count
      block $eol loop $fields
        loop $blanks
          local.get $classes local.get $pos i32.load8_u i32.add i32.load8_u local.tee $k
          i32.const 1 i32.eq if local.get $pos i32.const 1 i32.add local.set $pos br $blanks end
        end
        local.get $k br_if $eol
        local.get $pos local.set $start
        local.get $count i32.const 2 i32.eq
        if
          i32.const 0x811c9dc5 local.set $h
          loop $docno
            local.get $classes local.get $pos i32.load8_u local.tee $c i32.add i32.load8_u i32.eqz
            if
              local.get $h local.get $c i32.xor i32.const 16777619 i32.mul local.set $h
              local.get $pos i32.const 1 i32.add local.set $pos
              br $docno
            end
          end
          local.get $start local.set $s2 local.get $pos local.set $e2
        else
          loop $other
            local.get $classes local.get $pos i32.load8_u i32.add i32.load8_u i32.eqz
            if local.get $pos i32.const 1 i32.add local.set $pos br $other end
          end
          local.get $count i32.eqz if local.get $start local.set $s0 local.get $pos local.set $e0 end
          local.get $count i32.const 3 i32.eq if local.get $start local.set $s3 local.get $pos local.set $e3 end
          local.get $count i32.const 4 i32.eq if local.get $start local.set $s4 local.get $pos local.set $e4 end
        end
        local.get $count i32.const 1 i32.add local.set $count
        br $fields
      end end
      ;; The next line starts past the newline.
      local.get $pos i32.const 1 i32.add local.get $n local.get $pos local.get $n i32.lt_u select local.set $next

      block $skip
        local.get $count i32.eqz br_if $skip
        local.get $run
        if
          ;; Comments: the first field starting with #. Then six fields at least; the score is field 5.
          local.get $s0 i32.load8_u i32.const 35 i32.eq br_if $skip
          local.get $count i32.const 6 i32.lt_u if i32.const -1 return end
          local.get $s4 local.set $ns local.get $e4 local.set $ne
        else
          ;; Four fields; the relevance is field 4.
          local.get $count i32.const 4 i32.ne if i32.const -1 return end
          local.get $s3 local.set $ns local.get $e3 local.set $ne
        end

        ;; The number from $ns to $ne as trecText.ts's readNumber reads it without a string: an
        ;; optional sign, then digits with at most one dot, up to 15 digits, as an exact integer
        ;; over an exact power of ten. $fast says whether it was read so (into $v); $dot whether it had a dot.
        local.get $ns local.set $i
        local.get $i i32.load8_u local.set $c
        local.get $c i32.const 45 i32.eq local.set $negative
        local.get $c i32.const 45 i32.eq local.get $c i32.const 43 i32.eq i32.or if local.get $i i32.const 1 i32.add local.set $i end
        f64.const 0 local.set $m
        i32.const 0 local.set $digits i32.const 0 local.set $decimals i32.const 0 local.set $dot
        block $number_end loop $number
          local.get $i local.get $ne i32.ge_u br_if $number_end
          local.get $i i32.load8_u local.set $d
          local.get $d i32.const 48 i32.sub i32.const 9 i32.le_u
          if
            local.get $m f64.const 10 f64.mul local.get $d i32.const 48 i32.sub f64.convert_i32_u f64.add local.set $m
            local.get $digits i32.const 1 i32.add local.set $digits
            local.get $decimals local.get $dot i32.add local.set $decimals
          else
            local.get $d i32.const 46 i32.ne local.get $dot i32.or br_if $number_end
            i32.const 1 local.set $dot
          end
          local.get $i i32.const 1 i32.add local.set $i
          br $number
        end end
        local.get $i local.get $ne i32.eq
        local.get $digits i32.const 1 i32.sub i32.const 15 i32.lt_u i32.and
        local.get $decimals i32.const 22 i32.le_u i32.and
        local.set $fast
        local.get $fast
        if
          local.get $m local.get $pow local.get $decimals i32.const 3 i32.shl i32.add f64.load f64.div local.set $v
          local.get $negative if local.get $v f64.neg local.set $v end
        end

        local.get $run
        if
          ;; A score not read so is listed (entry, start, end) for the caller's Number().
          local.get $fast i32.eqz
          if
            f64.const 0 local.set $v
            local.get $slowN i32.const 3 i32.mul local.set $j
            local.get $slow local.get $j i32.const 2 i32.shl i32.add local.get $e i32.store
            local.get $slow local.get $j i32.const 1 i32.add i32.const 2 i32.shl i32.add local.get $ns i32.store
            local.get $slow local.get $j i32.const 2 i32.add i32.const 2 i32.shl i32.add local.get $ne i32.store
            local.get $slowN i32.const 1 i32.add local.set $slowN
          end
        else
          ;; A relevance is an integer of up to 15 digits.
          local.get $fast i32.eqz local.get $dot i32.or if i32.const -1 return end
        end

        ;; Whether the qid (field 0) differs from the last stretch's ($qs, $qe): if so, a stretch
        ;; starts at this entry, its first entry and its qid recorded at index $t.
        i32.const 1 local.set $differ
        local.get $e0 local.get $s0 i32.sub local.get $qe local.get $qs i32.sub i32.eq
        if
          local.get $s0 local.get $e0 local.get $qs local.get $qe call $compare i32.const 0 i32.ne local.set $differ
        end
        local.get $differ
        if
          local.get $from local.get $t i32.const 2 i32.shl i32.add local.get $e i32.store
          local.get $qidStarts local.get $t i32.const 2 i32.shl i32.add local.get $s0 i32.store
          local.get $qidEnds local.get $t i32.const 2 i32.shl i32.add local.get $e0 i32.store
          local.get $t i32.const 1 i32.add local.set $t
          local.get $s0 local.set $qs local.get $e0 local.set $qe
        end

        ;; The entry.
        local.get $values local.get $e i32.const 3 i32.shl i32.add local.get $v f64.store
        local.get $starts local.get $e i32.const 2 i32.shl i32.add local.get $s2 i32.store
        local.get $ends local.get $e i32.const 2 i32.shl i32.add local.get $e2 i32.store
        local.get $hashes local.get $e i32.const 2 i32.shl i32.add local.get $h i32.store
        local.get $e i32.const 1 i32.add local.set $e
      end
      local.get $next local.set $pos
      br $line
    end end
    ;; The last stretch's end.
    local.get $from local.get $t i32.const 2 i32.shl i32.add local.get $e i32.store
    local.get $run
    if
      local.get $t global.set $rTopics
      local.get $slowN global.set $rSlowCount
    else
      local.get $t global.set $qTopics
    end
    local.get $e)

  ;; The table (trecText.ts's HashTable.firstRepeat) filled with entries [from, to) of the given
  ;; columns: the first entry whose bytes an earlier one has, or -1.
  (func $fill (param $from i32) (param $to i32) (param $starts i32) (param $ends i32) (param $hashes i32) (result i32)
    (local $size i32) (local $slots i32) (local $mask i32) (local $i i32) (local $h i32) (local $slot i32) (local $j i32)
    i32.const 16 local.set $size
    block $sized loop $double
      local.get $size local.get $to local.get $from i32.sub i32.const 1 i32.shl i32.ge_u br_if $sized
      local.get $size i32.const 1 i32.shl local.set $size
      br $double
    end end
    global.get $table local.set $slots
    local.get $size i32.const 1 i32.sub local.set $mask
    local.get $mask global.set $tableMask
    block $emptied loop $empty
      local.get $i local.get $size i32.ge_u br_if $emptied
      local.get $slots local.get $i i32.const 2 i32.shl i32.add i32.const -1 i32.store
      local.get $i i32.const 1 i32.add local.set $i
      br $empty
    end end
    local.get $from local.set $i
    block $filled loop $entries
      local.get $i local.get $to i32.ge_u br_if $filled
      local.get $hashes local.get $i i32.const 2 i32.shl i32.add i32.load local.set $h
      local.get $h local.get $mask i32.and local.set $slot
      block $free loop $probe
        local.get $slots local.get $slot i32.const 2 i32.shl i32.add i32.load local.tee $j i32.const 0 i32.lt_s br_if $free
        local.get $hashes local.get $j i32.const 2 i32.shl i32.add i32.load local.get $h i32.eq
        if
          local.get $starts local.get $i i32.const 2 i32.shl i32.add i32.load
          local.get $ends local.get $i i32.const 2 i32.shl i32.add i32.load
          local.get $starts local.get $j i32.const 2 i32.shl i32.add i32.load
          local.get $ends local.get $j i32.const 2 i32.shl i32.add i32.load
          call $compare i32.eqz
          if local.get $i return end
        end
        local.get $slot i32.const 1 i32.add local.get $mask i32.and local.set $slot
        br $probe
      end end
      local.get $slots local.get $slot i32.const 2 i32.shl i32.add local.get $i i32.store
      local.get $i i32.const 1 i32.add local.set $i
      br $entries
    end end
    i32.const -1)

  ;; The first qrels stretch (a topic, once scanQrels' caller knows no topic has two) judging a document twice, or -1.
  (func (export "repeatedJudgment") (result i32)
    (local $t i32) (local $topics i32) (local $from i32)
    global.get $qTopics local.set $topics
    global.get $qTopicFrom local.set $from
    block $done loop $topics
      local.get $t local.get $topics i32.ge_u br_if $done
      local.get $from local.get $t i32.const 2 i32.shl i32.add i32.load
      local.get $t i32.const 1 i32.add local.set $t
      local.get $from local.get $t i32.const 2 i32.shl i32.add i32.load
      global.get $qStarts global.get $qEnds global.get $qHashes call $fill
      i32.const 0 i32.ge_s if local.get $t i32.const 1 i32.sub return end
      br $topics
    end end
    i32.const -1)

  ;; Scores each run stretch k whose pairs[k] names a qrels topic (trec.ts's scoreTopic): out gets
  ;; r5, r10, r20, dcg, firstRel, idcg and numRel. Returns -1, or the first stretch retrieving a
  ;; document twice.
  (func (export "scoreAll") (result i32)
    (local $k i32) (local $topics i32) (local $pairs i32) (local $out i32) (local $log2 i32) (local $levels i32)
    (local $slots i32) (local $mask i32) (local $q i32) (local $rFrom i32) (local $rTo i32) (local $qFrom i32) (local $qTo i32)
    (local $count i32) (local $numRel i32) (local $i i32) (local $j i32) (local $best i32)
    (local $rStarts i32) (local $rEnds i32) (local $rHashes i32) (local $rScores i32) (local $rFromCol i32)
    (local $qValues i32) (local $qStarts i32) (local $qEnds i32) (local $qHashes i32) (local $qFromCol i32)
    (local $h i32) (local $slot i32) (local $found i32) (local $ahead i32) (local $rank i32)
    (local $r5 i32) (local $r10 i32) (local $r20 i32) (local $firstRel i32) (local $o i32) (local $limit i32)
    (local $x f64) (local $idcg f64) (local $dcg f64) (local $score f64) (local $s f64) (local $rel f64)
    global.get $rTopics local.set $topics global.get $pairs local.set $pairs global.get $out local.set $out
    global.get $log2 local.set $log2 global.get $levels local.set $levels global.get $table local.set $slots
    global.get $rStarts local.set $rStarts global.get $rEnds local.set $rEnds global.get $rHashes local.set $rHashes
    global.get $rScores local.set $rScores global.get $rTopicFrom local.set $rFromCol
    global.get $qValues local.set $qValues global.get $qStarts local.set $qStarts global.get $qEnds local.set $qEnds
    global.get $qHashes local.set $qHashes global.get $qTopicFrom local.set $qFromCol
    block $done loop $topics
      local.get $k local.get $topics i32.ge_u br_if $done
      block $next
        local.get $pairs local.get $k i32.const 2 i32.shl i32.add i32.load local.tee $q i32.const 0 i32.lt_s br_if $next
        local.get $rFromCol local.get $k i32.const 2 i32.shl i32.add i32.load local.set $rFrom
        local.get $rFromCol local.get $k i32.const 1 i32.add i32.const 2 i32.shl i32.add i32.load local.set $rTo
        local.get $qFromCol local.get $q i32.const 2 i32.shl i32.add i32.load local.set $qFrom
        local.get $qFromCol local.get $q i32.const 1 i32.add i32.const 2 i32.shl i32.add i32.load local.set $qTo
        ;; Every docno once.
        local.get $rFrom local.get $rTo local.get $rStarts local.get $rEnds local.get $rHashes call $fill
        i32.const 0 i32.ge_s if local.get $k return end
        global.get $tableMask local.set $mask
        ;; The ideal DCG@10 (idealOf): the levels > 0, the largest first.
        i32.const 0 local.set $count i32.const 0 local.set $numRel
        local.get $qFrom local.set $i
        block $levels_end loop $levels_loop
          local.get $i local.get $qTo i32.ge_u br_if $levels_end
          local.get $qValues local.get $i i32.const 3 i32.shl i32.add f64.load local.set $x
          local.get $x f64.const 0 f64.gt
          if
            local.get $levels local.get $count i32.const 3 i32.shl i32.add local.get $x f64.store
            local.get $count i32.const 1 i32.add local.set $count
          end
          local.get $x f64.const 1 f64.ge if local.get $numRel i32.const 1 i32.add local.set $numRel end
          local.get $i i32.const 1 i32.add local.set $i
          br $levels_loop
        end end
        f64.const 0 local.set $idcg
        i32.const 0 local.set $i
        block $ideal_end loop $ideal
          local.get $i local.get $count i32.ge_u br_if $ideal_end
          local.get $i i32.const 10 i32.ge_u br_if $ideal_end
          ;; levels[i] <-> the largest of levels[i..count).
          local.get $i local.set $best
          local.get $i i32.const 1 i32.add local.set $j
          block $max_end loop $max
            local.get $j local.get $count i32.ge_u br_if $max_end
            local.get $levels local.get $j i32.const 3 i32.shl i32.add f64.load
            local.get $levels local.get $best i32.const 3 i32.shl i32.add f64.load
            f64.gt if local.get $j local.set $best end
            local.get $j i32.const 1 i32.add local.set $j
            br $max
          end end
          local.get $levels local.get $best i32.const 3 i32.shl i32.add f64.load local.set $x
          local.get $levels local.get $best i32.const 3 i32.shl i32.add
          local.get $levels local.get $i i32.const 3 i32.shl i32.add f64.load
          f64.store
          local.get $levels local.get $i i32.const 3 i32.shl i32.add local.get $x f64.store
          local.get $i i32.const 2 i32.add local.set $j
          local.get $idcg local.get $x local.get $log2 local.get $j i32.const 3 i32.shl i32.add f64.load f64.div f64.add local.set $idcg
          local.get $i i32.const 1 i32.add local.set $i
          br $ideal
        end end
        ;; Each judged-relevant document found among the entries through the table, credited at its rank.
        f64.const 0 local.set $dcg
        i32.const 0 local.set $firstRel i32.const 0 local.set $r5 i32.const 0 local.set $r10 i32.const 0 local.set $r20
        local.get $qFrom local.set $i
        block $judged_end loop $judged
          local.get $i local.get $qTo i32.ge_u br_if $judged_end
          block $credited
            local.get $qValues local.get $i i32.const 3 i32.shl i32.add f64.load local.tee $rel f64.const 0 f64.le br_if $credited
            local.get $qHashes local.get $i i32.const 2 i32.shl i32.add i32.load local.set $h
            local.get $h local.get $mask i32.and local.set $slot
            block $lookup loop $probe
              local.get $slots local.get $slot i32.const 2 i32.shl i32.add i32.load local.tee $found i32.const 0 i32.lt_s br_if $credited
              local.get $rHashes local.get $found i32.const 2 i32.shl i32.add i32.load local.get $h i32.eq
              if
                local.get $rStarts local.get $found i32.const 2 i32.shl i32.add i32.load
                local.get $rEnds local.get $found i32.const 2 i32.shl i32.add i32.load
                local.get $qStarts local.get $i i32.const 2 i32.shl i32.add i32.load
                local.get $qEnds local.get $i i32.const 2 i32.shl i32.add i32.load
                call $compare
                i32.eqz br_if $lookup
              end
              local.get $slot i32.const 1 i32.add local.get $mask i32.and local.set $slot
              br $probe
            end end
            ;; Its rank: 1 + the entries ahead of it (score descending, ties by docno descending),
            ;; counted until it is known to change nothing: past 10 for a level below 1 (only the
            ;; DCG counts it), else past 20 and past the best rank of a relevant document so far.
            local.get $rScores local.get $found i32.const 3 i32.shl i32.add f64.load local.set $score
            i32.const 0 local.set $ahead
            i32.const 10 local.set $limit
            local.get $rel f64.const 1 f64.ge
            if
              i32.const 0x7fffffff local.set $limit
              local.get $firstRel
              if
                local.get $firstRel i32.const 1 i32.sub local.tee $limit i32.const 20 i32.lt_s if i32.const 20 local.set $limit end
              end
            end
            local.get $rFrom local.set $j
            block $ranked loop $rank_loop
              local.get $j local.get $rTo i32.ge_u br_if $ranked
              local.get $rScores local.get $j i32.const 3 i32.shl i32.add f64.load local.tee $s local.get $score f64.gt
              if
                local.get $ahead i32.const 1 i32.add local.set $ahead
                local.get $ahead local.get $limit i32.ge_s br_if $credited
              else
                local.get $s local.get $score f64.eq local.get $j local.get $found i32.ne i32.and
                if
                  local.get $rStarts local.get $j i32.const 2 i32.shl i32.add i32.load
                  local.get $rEnds local.get $j i32.const 2 i32.shl i32.add i32.load
                  local.get $rStarts local.get $found i32.const 2 i32.shl i32.add i32.load
                  local.get $rEnds local.get $found i32.const 2 i32.shl i32.add i32.load
                  call $compare
                  i32.const 0 i32.gt_s
                  if
                    local.get $ahead i32.const 1 i32.add local.set $ahead
                    local.get $ahead local.get $limit i32.ge_s br_if $credited
                  end
                end
              end
              local.get $j i32.const 1 i32.add local.set $j
              br $rank_loop
            end end
            local.get $ahead i32.const 1 i32.add local.set $rank
            local.get $rank i32.const 10 i32.le_s
            if
              local.get $rank i32.const 1 i32.add local.set $j
              local.get $dcg local.get $rel local.get $log2 local.get $j i32.const 3 i32.shl i32.add f64.load f64.div f64.add local.set $dcg
            end
            local.get $rel f64.const 1 f64.ge
            if
              local.get $firstRel i32.eqz local.get $rank local.get $firstRel i32.lt_s i32.or if local.get $rank local.set $firstRel end
              local.get $rank i32.const 5 i32.le_s if local.get $r5 i32.const 1 i32.add local.set $r5 end
              local.get $rank i32.const 10 i32.le_s if local.get $r10 i32.const 1 i32.add local.set $r10 end
              local.get $rank i32.const 20 i32.le_s if local.get $r20 i32.const 1 i32.add local.set $r20 end
            end
          end
          local.get $i i32.const 1 i32.add local.set $i
          br $judged
        end end
        ;; The topic's OUT_PER_TOPIC numbers (trecScan.ts).
        local.get $k i32.const 56 i32.mul local.get $out i32.add local.set $o
        local.get $o local.get $r5 f64.convert_i32_s f64.store
        local.get $o i32.const 8 i32.add local.get $r10 f64.convert_i32_s f64.store
        local.get $o i32.const 16 i32.add local.get $r20 f64.convert_i32_s f64.store
        local.get $o i32.const 24 i32.add local.get $dcg f64.store
        local.get $o i32.const 32 i32.add local.get $firstRel f64.convert_i32_s f64.store
        local.get $o i32.const 40 i32.add local.get $idcg f64.store
        local.get $o i32.const 48 i32.add local.get $numRel f64.convert_i32_s f64.store
      end
      local.get $k i32.const 1 i32.add local.set $k
      br $topics
    end end
    i32.const -1)
)
