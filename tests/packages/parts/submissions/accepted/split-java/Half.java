public class Half {
    static long of(long n) {
        return n / 2;
    }
}
