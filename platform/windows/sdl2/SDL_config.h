/* SPDX-FileCopyrightText: 2026 The eddy authors */
/* SPDX-License-Identifier: MIT */
/*
 * SDL2's configuration for the Windows cross-build (x86_64-w64-mingw32,
 * Debian's mingw-w64), written by hand so that platform/windows/deps.sh can
 * compile SDL2's sources directly instead of running its CMake configure
 * (some 300 probes, each a mingw compile and link: most of the Windows
 * build's processor time). It takes the place of SDL's generated
 * SDL_config.h, both when SDL2 is compiled and in the installed headers the
 * game and the painter include.
 *
 * What it says is what the CMake configure found for this toolchain (the C
 * library's headers and functions, the DirectX and audio headers mingw-w64
 * ships), minus what eddy does not use:
 *   kept:    video (the Windows driver, plus dummy and offscreen for the
 *            headless runs), rendering (software, Direct3D 9 and 11), events,
 *            audio (WASAPI, DirectSound, winmm; disk and dummy), timers,
 *            threads, the program's folder, loading DLLs;
 *   left out: joysticks and game controllers, haptics, HIDAPI, sensors,
 *            power, locale, misc (open URL), OpenGL, OpenGL ES, Vulkan,
 *            Direct3D 12 (Direct3D 11 and the software renderer stand behind
 *            Direct3D 9 already).
 * deps.sh compiles the source folders these switches name.
 */
#ifndef SDL_config_h_
#define SDL_config_h_

/* <>: its folder is on every include path that reaches this file (the
   programs' -I.../include/SDL2), and a quoted name would send
   tests/check_layers.sh looking for it in the tree */
#include <SDL_platform.h>

#if !defined(__WIN32__) || !defined(__MINGW32__)
#error "This SDL_config.h is eddy's for the mingw-w64 cross-build only"
#endif

#ifdef _WIN64
#define SIZEOF_VOIDP 8
#else
#define SIZEOF_VOIDP 4
#endif
#define HAVE_GCC_ATOMICS 1

/* ----- the C library (mingw-w64's msvcrt) */
#define HAVE_LIBC 1
#define STDC_HEADERS 1
#define HAVE_CTYPE_H 1
#define HAVE_FLOAT_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_LIMITS_H 1
#define HAVE_MALLOC_H 1
#define HAVE_MATH_H 1
#define HAVE_MEMORY_H 1
#define HAVE_SIGNAL_H 1
#define HAVE_STDARG_H 1
#define HAVE_STDDEF_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_WCHAR_H 1
#define HAVE_IMMINTRIN_H 1

/* memory and the environment (SDL reads the environment through Win32's
   own calls on Windows, not getenv) */
#define HAVE_MALLOC 1
#define HAVE_CALLOC 1
#define HAVE_REALLOC 1
#define HAVE_FREE 1
#define HAVE_ALLOCA 1
#define HAVE_QSORT 1
#define HAVE_BSEARCH 1
#define HAVE_ABS 1
#define HAVE_MEMSET 1
#define HAVE_MEMCPY 1
#define HAVE_MEMMOVE 1
#define HAVE_MEMCMP 1

/* strings, narrow and wide */
#define HAVE_WCSLEN 1
#define HAVE_WCSDUP 1
#define HAVE__WCSDUP 1
#define HAVE_WCSSTR 1
#define HAVE_WCSCMP 1
#define HAVE_WCSNCMP 1
#define HAVE__WCSICMP 1
#define HAVE__WCSNICMP 1
#define HAVE_STRLEN 1
#define HAVE__STRREV 1
#define HAVE__STRUPR 1
#define HAVE__STRLWR 1
#define HAVE_STRCHR 1
#define HAVE_STRRCHR 1
#define HAVE_STRSTR 1
#define HAVE_STRTOK_R 1
#define HAVE_ITOA 1
#define HAVE__LTOA 1
#define HAVE__ULTOA 1
#define HAVE__I64TOA 1
#define HAVE__UI64TOA 1
#define HAVE_STRTOL 1
#define HAVE_STRTOUL 1
#define HAVE_STRTOLL 1
#define HAVE_STRTOULL 1
#define HAVE_STRTOD 1
#define HAVE_ATOI 1
#define HAVE_ATOF 1
#define HAVE_STRCMP 1
#define HAVE_STRNCMP 1
#define HAVE__STRICMP 1
#define HAVE__STRNICMP 1
#define HAVE_STRCASECMP 1
#define HAVE_STRNCASECMP 1
#define HAVE_SSCANF 1
#define HAVE_VSSCANF 1
#define HAVE_VSNPRINTF 1

/* mathematics */
#define HAVE_M_PI 1
#define HAVE_ACOS 1
#define HAVE_ACOSF 1
#define HAVE_ASIN 1
#define HAVE_ASINF 1
#define HAVE_ATAN 1
#define HAVE_ATANF 1
#define HAVE_ATAN2 1
#define HAVE_ATAN2F 1
#define HAVE_CEIL 1
#define HAVE_CEILF 1
#define HAVE_COPYSIGN 1
#define HAVE_COPYSIGNF 1
#define HAVE_COS 1
#define HAVE_COSF 1
#define HAVE_EXP 1
#define HAVE_EXPF 1
#define HAVE_FABS 1
#define HAVE_FABSF 1
#define HAVE_FLOOR 1
#define HAVE_FLOORF 1
#define HAVE_FMOD 1
#define HAVE_FMODF 1
#define HAVE_LOG 1
#define HAVE_LOGF 1
#define HAVE_LOG10 1
#define HAVE_LOG10F 1
#define HAVE_LROUND 1
#define HAVE_LROUNDF 1
#define HAVE_POW 1
#define HAVE_POWF 1
#define HAVE_ROUND 1
#define HAVE_ROUNDF 1
#define HAVE_SCALBN 1
#define HAVE_SCALBNF 1
#define HAVE_SIN 1
#define HAVE_SINF 1
#define HAVE_SQRT 1
#define HAVE_SQRTF 1
#define HAVE_TAN 1
#define HAVE_TANF 1
#define HAVE_TRUNC 1
#define HAVE_TRUNCF 1

/* files and the rest */
#define HAVE_FOPEN64 1
#define HAVE_FSEEKO 1
#define HAVE_FSEEKO64 1
#define HAVE_SETJMP 1
#define HAVE__EXIT 1

/* ----- the Windows SDK headers mingw-w64 has */
#define HAVE_D3D_H 1
#define HAVE_D3D11_H 1
#define HAVE_DDRAW_H 1
#define HAVE_DSOUND_H 1
#define HAVE_DXGI_H 1
#define HAVE_MMDEVICEAPI_H 1
#define HAVE_AUDIOCLIENT_H 1
#define HAVE_TPCSHRD_H 1
#define HAVE_ROAPI_H 1
#define HAVE_SHELLSCALINGAPI_H 1

/* ----- the subsystems eddy leaves out. Their front ends and dummy drivers
   are still compiled: SDL's dynamic API table (on by default on Windows)
   names every public function, so each must exist, and says "not
   supported" at run time. */
#define SDL_JOYSTICK_DISABLED 1
#define SDL_HAPTIC_DISABLED 1
#define SDL_HIDAPI_DISABLED 1
#define SDL_SENSOR_DISABLED 1
#define SDL_POWER_DISABLED 1
#define SDL_LOCALE_DISABLED 1
#define SDL_MISC_DISABLED 1
#define SDL_JOYSTICK_DUMMY 1
#define SDL_HAPTIC_DUMMY 1
#define SDL_SENSOR_DUMMY 1
#define SDL_LOCALE_DUMMY 1
#define SDL_MISC_DUMMY 1

/* ----- the drivers compiled */
#define SDL_AUDIO_DRIVER_WASAPI 1
#define SDL_AUDIO_DRIVER_DSOUND 1
#define SDL_AUDIO_DRIVER_WINMM 1
#define SDL_AUDIO_DRIVER_DISK 1
#define SDL_AUDIO_DRIVER_DUMMY 1
#define SDL_VIDEO_DRIVER_WINDOWS 1
#define SDL_VIDEO_DRIVER_DUMMY 1
#define SDL_VIDEO_DRIVER_OFFSCREEN 1
#define SDL_VIDEO_RENDER_D3D 1
#define SDL_VIDEO_RENDER_D3D11 1
#define SDL_LOADSO_WINDOWS 1
#define SDL_THREAD_WINDOWS 1
#define SDL_THREAD_GENERIC_COND_SUFFIX 1
#define SDL_TIMER_WINDOWS 1
#define SDL_FILESYSTEM_WINDOWS 1

#endif /* SDL_config_h_ */
