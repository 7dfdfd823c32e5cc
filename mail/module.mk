SRCS +=
