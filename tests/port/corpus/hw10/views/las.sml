(* HW 10 -- look and say with list views *)
structure LookAndSay =
struct
  open Seq

  (* look_and_say : ('a * 'a -> bool) -> 'a seq -> (int * 'a) seq
   * REQUIRES: eq is an equivalence relation
   * ENSURES: the runs of s, in order, each as (length, first element) *)
  fun look_and_say eq s =
      let
        (* go : (int * 'a) -> 'a seq -> (int * 'a) seq *)
        fun go (k, x) s =
            case showl s of
                Nil => singleton (k, x)
              | Cons (y, s) => if eq (x, y) then go (k + 1, x) s
                               else cons (k, x) (go (1, y) s)
      in
        case showl s of
            Nil => empty ()
          | Cons (x, s) => go (1, x) s
      end

  (* las_wrap : ('a * 'a -> bool) -> 'a seq -> (int * 'a) seq
   * REQUIRES: eq is an equivalence relation
   * ENSURES: the runs of s read as a cycle; a run across the end of s is put first *)
  fun las_wrap eq s =
      let
        val runs = look_and_say eq s
        val n = length runs
      in
        if n <= 1 then runs
        else case (nth 0 runs, nth (n - 1) runs) of
                 ((k, x), (k', x')) =>
                   if eq (x', x) then cons (k' + k, x) (drop 1 (take (n - 1) runs))
                   else runs
      end
end
